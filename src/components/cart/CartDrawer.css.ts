import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'
import { visuallyHidden } from '../../styles/utilities.css.ts'

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
export const items = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['3'], flex: 1, alignContent: 'start' })

export const item = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const itemHead = style({ display: 'grid', gap: vars.space['1'] })
export const itemName = style({ fontWeight: 600, textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } })
export const unit = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const itemControls = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], flexWrap: 'wrap' })

export const stepper = style({
  display: 'inline-flex',
  alignItems: 'center',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.pill,
})

export const step = style({
  width: '2.25rem',
  height: '2.25rem',
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

export const quantity = style({ minWidth: '2rem', textAlign: 'center', fontVariantNumeric: 'tabular-nums', fontWeight: 600 })
export const lineTotal = style({ marginLeft: 'auto', fontWeight: 700, fontVariantNumeric: 'tabular-nums' })

export const remove = style({
  border: 0,
  background: 'transparent',
  color: vars.color.danger,
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  padding: vars.space['1'],
})

export const summary = style({ display: 'grid', gap: vars.space['3'], borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space['4'] })
export const subtotal = style({ display: 'flex', justifyContent: 'space-between', fontSize: vars.fontSize.lg, fontVariantNumeric: 'tabular-nums' })
