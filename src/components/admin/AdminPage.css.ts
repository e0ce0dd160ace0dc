import { style } from '@vanilla-extract/css'
import { centeredPage, card } from '../../styles/centered-card.css.ts'
import { pageBody } from '../../styles/primitives.css.ts'
import { vars } from '../../styles/theme.css.ts'

export const page = pageBody
export const tabs = style({ display: 'grid', gap: vars.space['5'] })

export const tabList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  borderBottom: `1px solid ${vars.color.border}`,
})

export const tab = style({
  border: 0,
  borderBottom: '3px solid transparent',
  background: 'transparent',
  padding: `${vars.space['3']} ${vars.space['4']}`,
  fontWeight: 600,
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="active"]': { color: vars.color.text, borderBottomColor: vars.color.accent },
    '&:hover': { color: vars.color.text },
  },
})

export const panel = style({ outline: 'none' })

export const deniedPage = style([centeredPage, { minHeight: '60vh' }])
export const denied = style([card, { maxWidth: '28rem', textAlign: 'center', borderColor: vars.color.danger }])
export const deniedTitle = style({ fontSize: vars.fontSize['2xl'], color: vars.color.danger })
