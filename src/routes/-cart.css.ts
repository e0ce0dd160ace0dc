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
export const lineForms = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'], flexBasis: '100%' })
export const lineForm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] })
export const lineLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted })
export const lineQuantity = style({
  width: '5rem',
  minHeight: '2.25rem',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  textAlign: 'center',
})
export const lineProblem = style({ flexBasis: '100%', color: vars.color.danger, fontSize: vars.fontSize.sm })
