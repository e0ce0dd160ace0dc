import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'
import { visuallyHidden } from '../../styles/utilities.css.ts'
import { bareList } from '../../styles/primitives.css.ts'

export const hidden = visuallyHidden

export const badge = style({
  position: 'absolute',
  top: 2,
  right: 0,
  minWidth: '1.25rem',
  height: '1.25rem',
  padding: '0 0.3rem',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: '0.7rem',
  fontWeight: 700,
  display: 'grid',
  placeItems: 'center',
  lineHeight: 1,
})

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const empty = style({ display: 'grid', gap: vars.space['4'], justifyItems: 'start', paddingBlock: vars.space['6'] })
export const items = style({ ...bareList, display: 'grid', gap: vars.space['3'], flex: 1, alignContent: 'start' })

/**
 * A line: the picture on the left over both rows; the name with the line's total and unit price,
 * then the quantity and Remove. About 120 px tall, so five fit under the drawer's header on a phone.
 */
export const item = style({
  display: 'grid',
  gridTemplateColumns: '3rem minmax(0, 1fr)',
  alignItems: 'start',
  columnGap: vars.space['3'],
  rowGap: vars.space['2'],
  padding: vars.space['3'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

/** The product's picture, small (4:5 like the cards), beside both rows of the line. */
export const thumb = style({
  gridRow: 'span 2',
  display: 'block',
  width: '3rem',
  aspectRatio: '4 / 5',
  overflow: 'hidden',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
})
// ProductImage's own rules (full width, natural height; a large letter without a picture) give way.
globalStyle(`${thumb} img, ${thumb} > div`, { width: '100%', height: '100%', objectFit: 'cover', aspectRatio: 'auto', fontSize: vars.fontSize.md })

export const itemHead = style({ display: 'flex', alignItems: 'start', justifyContent: 'space-between', gap: vars.space['2'], minWidth: 0 })
export const itemName = style({
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  lineHeight: vars.lineHeight.snug,
  textDecoration: 'none',
  // A 44 px tall tap target without moving the text.
  display: 'inline-block',
  paddingBlock: '0.6rem',
  marginBlock: '-0.6rem',
  selectors: { '&:hover': { textDecoration: 'underline' } },
})
/** The line's total, and under it the unit price, against the right edge. */
export const prices = style({ display: 'grid', justifyItems: 'end', textAlign: 'end', lineHeight: vars.lineHeight.snug, flexShrink: 0 })
export const unit = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs })
export const itemControls = style({ display: 'flex', alignItems: 'center', columnGap: vars.space['2'], flexWrap: 'wrap', minWidth: 0 })

export const quantityField = style({ display: 'grid', gap: vars.space['1'] })

export const stepper = style({
  display: 'inline-flex',
  alignItems: 'center',
  width: 'fit-content',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.pill,
})

export const step = style({
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  background: 'transparent',
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  borderRadius: vars.radius.pill,
  selectors: {
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
  },
})

export const quantity = style({
  width: '3.5rem',
  height: '2.75rem',
  border: 0,
  borderInline: `1px solid ${vars.color.border}`,
  background: 'transparent',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 600,
  selectors: { '&[aria-invalid="true"]': { color: vars.color.danger } },
})

export const problem = style({ color: vars.color.danger, fontSize: vars.fontSize.sm })

export const lineTotal = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })

export const remove = style({
  border: 0,
  background: 'transparent',
  color: vars.color.danger,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  // 44 × 44 at least, at the end of the quantity's row, its text against the line's right edge.
  minHeight: '2.75rem',
  minWidth: '2.75rem',
  paddingInline: vars.space['2'],
  marginInlineStart: 'auto',
  marginInlineEnd: `calc(-1 * ${vars.space['2']})`,
})

/** What the last change in the drawer did (or why it failed); empty until then. */
export const notice = style({
  fontSize: vars.fontSize.sm,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.successSoft,
  color: vars.color.text,
  selectors: { '&:empty': { padding: 0 } },
})
export const noticeError = style([notice, { background: vars.color.dangerSoft, color: vars.color.danger }])

export const summary = style({ display: 'grid', gap: vars.space['2'], borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space['4'] })
export const row = style({ display: 'flex', justifyContent: 'space-between', color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' })
export const total = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.lg,
  fontVariantNumeric: 'tabular-nums',
  marginBottom: vars.space['2'],
})

/** Emptying the cart: a quiet link-like button well below Checkout, never next to it. */
export const clearRow = style({ display: 'flex', justifyContent: 'center', marginTop: vars.space['5'] })
export const clear = style({
  border: 0,
  background: 'transparent',
  color: vars.color.textMuted,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  minHeight: '2.75rem',
  paddingInline: vars.space['3'],
  selectors: { '&:hover:not(:disabled)': { color: vars.color.danger }, '&:disabled': { cursor: 'not-allowed' } },
})

/** A line whose product the owner archived: muted (text kept at AA contrast), its picture faded. */
export const unavailableItem = style({ background: vars.color.surfaceAlt, borderStyle: 'dashed' })
export const unavailableThumb = style({ opacity: 0.5, filter: 'grayscale(1)' })
export const unavailableName = style({ fontWeight: 600, color: vars.color.textMuted })
export const unavailableNote = style({
  justifySelf: 'start',
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
})
/** Every line left is unavailable: nothing to check out. */
export const nothingToOrder = style({ display: 'grid', gap: vars.space['3'], justifyItems: 'start' })

/**
 * The delivery row and, under it, the estimate for the remembered postal code and the form asking
 * for one. No gap: the estimate's status stays in the page while empty, and takes no room then.
 */
export const delivery = style({ display: 'grid' })
export const estimate = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})
export const estimateText = style({ flex: '1 1 12rem', minWidth: 0 })
export const change = style({
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  minHeight: '2.75rem',
  paddingInline: vars.space['2'],
})
export const postalCodeForm = style({ display: 'grid', gap: vars.space['2'], marginTop: vars.space['2'] })
export const postalCodeActions = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] })
