import { style } from '@vanilla-extract/css'
import { card as cardBase, centeredPage } from '../styles/centered-card.css.ts'
import { vars } from '../styles/theme.css.ts'

export const page = style([centeredPage, { minHeight: '80vh', background: `linear-gradient(180deg, ${vars.color.surfaceAlt}, ${vars.color.bg})` }])

export const card = style([cardBase, { maxWidth: '28rem', boxShadow: vars.shadow.md, gap: vars.space['3'] }])

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
  // A tap target of at least 44 px.
  minHeight: '44px',
  // A link that looks like the tab it is (it opens its form's page without JavaScript).
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  textDecoration: 'none',
  fontWeight: 600,
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="active"]': { background: vars.color.surface, color: vars.color.text, boxShadow: vars.shadow.sm },
  },
})

export const panel = style({ outline: 'none' })
export const signIn = style({ display: 'grid', gap: vars.space['3'] })

/** "Forgot your password?" as part of the page (its link without JavaScript): above the sign-in form. */
export const forgot = style({ display: 'grid', gap: vars.space['3'], paddingBottom: vars.space['4'], borderBottom: `1px solid ${vars.color.border}` })
export const forgotTitle = style({ fontSize: vars.fontSize.lg, fontFamily: vars.font.body, fontWeight: 700 })
