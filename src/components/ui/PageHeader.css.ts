import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const header = style({
  paddingTop: `calc(${vars.layout.navHeight} + ${vars.space['7']})`,
  paddingBottom: vars.space['7'],
  background: `linear-gradient(180deg, ${vars.color.surfaceAlt}, ${vars.color.bg})`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const inner = style({
  maxWidth: vars.layout.maxWidth,
  marginInline: 'auto',
  paddingInline: vars.layout.gutter,
  display: 'grid',
  gap: vars.space['3'],
})

export const eyebrow = style({ fontSize: vars.fontSize.sm })
export const title = style({ fontSize: vars.fontSize['4xl'] })
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '60ch' })
