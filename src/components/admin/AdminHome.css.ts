import { style } from '@vanilla-extract/css'
import { pageBody } from '../../styles/primitives.css.ts'
import { vars } from '../../styles/theme.css.ts'

export const page = style([pageBody, { display: 'grid', gap: vars.space['6'] }])
export const group = style({ display: 'grid', gap: vars.space['3'] })
export const heading = style({ fontSize: vars.fontSize.xl })
export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(13rem, 1fr))',
})

/** One figure, the whole tile a link to the list that shows it. */
export const tile = style({
  display: 'grid',
  gap: vars.space['1'],
  height: '100%',
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.accent },
    '&[data-waiting="true"]': { borderLeft: `4px solid ${vars.color.accent}` },
  },
})
export const figure = style({ fontSize: vars.fontSize['2xl'], fontWeight: 700, fontVariantNumeric: 'tabular-nums' })
export const label = style({ color: vars.color.textMuted })
