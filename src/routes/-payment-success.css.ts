import { globalStyle, style } from '@vanilla-extract/css'
import { card as cardBase, centeredPage } from '../styles/centered-card.css.ts'
import { vars } from '../styles/theme.css.ts'

export const page = centeredPage

export const card = style([cardBase, { maxWidth: '36rem', boxShadow: vars.shadow.md, textAlign: 'center', justifyItems: 'center' }])

export const icon = style({
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.successSoft,
  color: vars.color.success,
  fontSize: vars.fontSize['2xl'],
  fontWeight: 700,
})

export const title = style({ fontSize: vars.fontSize['3xl'] })
export const text = style({ color: vars.color.textMuted, maxWidth: '44ch' })
export const details = style({ display: 'grid', gap: vars.space['2'], margin: 0, width: '100%' })
globalStyle(`${details} > div`, {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
  paddingBottom: vars.space['2'],
})
// The label keeps one line; on a phone the value goes below it, whole, rather than squeezing both.
globalStyle(`${details} dt`, { whiteSpace: 'nowrap' })
globalStyle(`${details} dd`, { margin: 0, fontWeight: 700, marginInlineStart: 'auto' })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], justifyContent: 'center' })
