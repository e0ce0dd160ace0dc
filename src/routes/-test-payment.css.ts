import { globalStyle, style } from '@vanilla-extract/css'
import { card as cardBase, centeredPage } from '../styles/centered-card.css.ts'
import { vars } from '../styles/theme.css.ts'

export const page = centeredPage

export const card = style([cardBase, { maxWidth: '30rem', border: `2px dashed ${vars.color.accent}` }])

export const badge = style({
  justifySelf: 'start',
  background: vars.color.notice,
  color: vars.color.accentStrong,
  border: `1px solid ${vars.color.noticeBorder}`,
  borderRadius: vars.radius.pill,
  padding: `${vars.space['1']} ${vars.space['3']}`,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
})

export const title = style({ fontSize: vars.fontSize['2xl'] })
export const merchant = style({ color: vars.color.textMuted })
export const details = style({ display: 'grid', gap: vars.space['2'], margin: 0 })
globalStyle(`${details} > div`, { display: 'flex', justifyContent: 'space-between', gap: vars.space['3'] })
globalStyle(`${details} dd`, { margin: 0, fontWeight: 600 })
export const amount = style({ fontSize: vars.fontSize.xl })
export const actions = style({ display: 'grid', gap: vars.space['2'] })
export const closed = style({ fontWeight: 600 })
export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs })
