import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css.ts'
import { bareList, cardSurface, pageBody } from '../styles/primitives.css.ts'

export const page = pageBody
export const empty = style({ display: 'grid', gap: vars.space['4'], justifyItems: 'start' })
export const layout = style({ display: 'grid', gap: vars.space['5'], maxWidth: '48rem' })
export const lines = style({ ...bareList, display: 'grid', gap: vars.space['3'] })
export const line = style({
  ...cardSurface,
  padding: vars.space['4'],
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: `${vars.space['1']} ${vars.space['4']}`,
})
export const name = style({ fontWeight: 600 })
export const detail = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, flexBasis: '100%' })
export const summary = style({ display: 'grid', gap: vars.space['2'] })
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space['4'] })
export const total = style([row, { fontSize: vars.fontSize.lg, fontWeight: 700 }])
export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })
