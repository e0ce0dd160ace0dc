import { globalStyle, style } from '@vanilla-extract/css'
import { insetPanel } from '../styles/primitives.css.ts'
import { sectionCard } from '../styles/section-card.css.ts'
import { breakpoints, vars } from '../styles/theme.css.ts'

export const page = style({
  maxWidth: '56rem',
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
  paddingTop: vars.space['6'],
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['5'],
})

/** One section of the page: a card with its heading (its own class, so the rule on its buttons stays here). */
export const section = style([sectionCard])

// The page's long labels ("Activar la verificación en dos pasos") wrap on a phone rather than
// widen the page; buttons elsewhere keep to one line.
globalStyle(`${section} button`, { whiteSpace: 'normal', textAlign: 'center' })

export const heading = style({ fontSize: vars.fontSize.xl })
export const lead = style({ color: vars.color.textMuted })
export const subheading = style({ fontSize: vars.fontSize.lg, fontFamily: vars.font.body, fontWeight: 700 })

export const fields = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})
export const wide = style({ '@media': { [breakpoints.sm]: { gridColumn: '1 / -1' } } })

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'], overflowWrap: 'anywhere', minWidth: 0 })

export const badge = style({
  borderRadius: vars.radius.pill,
  padding: `2px ${vars.space['3']}`,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  selectors: {
    '&[data-tone="good"]': { background: vars.color.successSoft, color: vars.color.success },
    '&[data-tone="warn"]': { background: vars.color.notice, color: vars.color.text, border: `1px solid ${vars.color.noticeBorder}` },
  },
})

export const sessions = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['2'] })
export const sessionItem = style({ display: 'grid', gap: vars.space['1'], ...insetPanel })
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const danger = style({
  display: 'grid',
  gap: vars.space['3'],
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.border}`,
})

export const qr = style({ background: vars.color.white, borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` })

export const codes = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
  gap: vars.space['2'],
  fontSize: vars.fontSize.md,
})

export const stack = style({ display: 'grid', gap: vars.space['3'] })

/** "Delete my account": a disclosure (it opens with or without the page's script), its summary drawn as the danger button. */
export const confirm = style({ display: 'grid', gap: vars.space['3'] })
export const confirmSummary = style({
  listStyle: 'none',
  width: 'fit-content',
  cursor: 'pointer',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
})
export const confirmPanel = style({ display: 'grid', gap: vars.space['3'], ...insetPanel })
