import { createVar, fallbackVar, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'
import { pageColumn } from '../../styles/primitives.css.ts'

/**
 * The room the header leaves above its title for the fixed site header: the nav's height, unless
 * something above it already makes that room (the admin's section nav, components/admin/AdminNav.css.ts).
 */
export const clearance = createVar()

export const header = style({
  paddingTop: `calc(${fallbackVar(clearance, vars.layout.navHeight)} + ${vars.space['7']})`,
  paddingBottom: vars.space['7'],
  background: `linear-gradient(180deg, ${vars.color.surfaceAlt}, ${vars.color.bg})`,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const inner = style({
  ...pageColumn,
  display: 'grid',
  gap: vars.space['3'],
})

export const eyebrow = style({ fontSize: vars.fontSize.sm })
export const title = style({ fontSize: vars.fontSize['4xl'] })
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '60ch' })
