import { style } from '@vanilla-extract/css'
import { centeredPage, card } from '../../styles/centered-card.css.ts'
import { vars } from '../../styles/theme.css.ts'

export const deniedPage = style([centeredPage, { minHeight: '60vh' }])
export const denied = style([card, { maxWidth: '28rem', textAlign: 'center', borderColor: vars.color.danger }])
export const deniedTitle = style({ fontSize: vars.fontSize['2xl'], color: vars.color.danger })
