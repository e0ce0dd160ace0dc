import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css.ts'

export const page = style({
  minHeight: '80vh',
  display: 'grid',
  placeItems: 'start center',
  paddingTop: `calc(${vars.layout.navHeight} + ${vars.space['7']})`,
  paddingInline: vars.layout.gutter,
  background: `linear-gradient(180deg, ${vars.color.surfaceAlt}, ${vars.color.bg})`,
})

export const card = style({
  width: '100%',
  maxWidth: '28rem',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: `clamp(1.25rem, 1rem + 2vw, 2.5rem)`,
  display: 'grid',
  gap: vars.space['3'],
})

export const title = style({ fontSize: vars.fontSize['3xl'] })
export const lead = style({ color: vars.color.textMuted })
export const tabs = style({ display: 'grid', gap: vars.space['4'], marginTop: vars.space['2'] })

export const tabList = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.pill,
  padding: 4,
})

export const tab = style({
  border: 0,
  background: 'transparent',
  borderRadius: vars.radius.pill,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontWeight: 600,
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="active"]': { background: vars.color.surface, color: vars.color.text, boxShadow: vars.shadow.sm },
  },
})

export const panel = style({ outline: 'none' })
