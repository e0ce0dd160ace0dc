import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../../styles/theme.css.ts'
import { bareList, insetPanel, stackedPageBody } from '../../../styles/primitives.css.ts'

// The owner's product screens (docs/product.md#owner): the table with its filters, the form and the history.
export const page = stackedPageBody

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] })

export const filters = style({
  display: 'grid',
  gap: vars.space['3'],
  alignItems: 'start',
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' } },
})

export const count = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const slug = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' })
export const nameLink = style({ fontWeight: 700, color: vars.color.accentStrong, textUnderlineOffset: '3px' })

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})
export const legend = style({ fontSize: vars.fontSize.lg, fontWeight: 700, marginBottom: vars.space['3'], padding: 0 })
export const wide = style({ '@media': { [breakpoints.sm]: { gridColumn: '1 / -1' } } })

export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] })
export const publishing = style({ display: 'grid', gap: vars.space['3'] })
/** The preview's ribbon: the product's state above its page, in the test-mode notices' amber. */
export const ribbon = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  marginBottom: vars.space['4'],
  background: vars.color.notice,
  color: vars.color.text,
  boxShadow: `inset 0 0 0 1px ${vars.color.noticeBorder}`,
  borderRadius: vars.radius.md,
})
export const ribbonState = style({ textTransform: 'uppercase', letterSpacing: '0.06em' })
export const ribbonLink = style({ marginLeft: 'auto', color: vars.color.text, fontWeight: 700, textUnderlineOffset: '3px' })
/** What a draft still needs before it is published. */
export const missing = style({ ...insetPanel, display: 'grid', gap: vars.space['1'], fontSize: vars.fontSize.sm })
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const history = style({ ...bareList, display: 'grid', gap: vars.space['3'] })
export const entry = style({ display: 'grid', gap: vars.space['2'], ...insetPanel })
export const entryHead = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space['1']} ${vars.space['3']}`, alignItems: 'baseline' })
export const changes = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['1'], fontSize: vars.fontSize.sm })
export const value = style({ overflowWrap: 'anywhere' })
