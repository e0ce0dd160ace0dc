import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css.ts'
import { bareList, cardSurface, pageBody } from '../styles/primitives.css.ts'

export const page = pageBody
export const empty = style({ display: 'grid', gap: vars.space['4'], justifyItems: 'start' })
export const list = style({ ...bareList, display: 'grid', gap: vars.space['4'] })

export const order = style({
  ...cardSurface,
  padding: vars.space['5'],
})

export const orderHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  marginBottom: vars.space['3'],
})
export const number = style({ fontSize: vars.fontSize.lg, fontFamily: vars.font.body, fontWeight: 700, letterSpacing: '0.02em' })
export const date = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const badges = style({ marginLeft: 'auto' })

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, marginBottom: vars.space['3'] })
export const pending = style({
  marginTop: vars.space['4'],
  paddingTop: vars.space['4'],
  borderTop: `1px solid ${vars.color.border}`,
})
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] })

/** "Pagar ahora"'s own form: no box of its own, the button sits in the row of actions. */
export const payForm = style({ display: 'contents' })
