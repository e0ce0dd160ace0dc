import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css.ts'
import { bareList } from '../styles/primitives.css.ts'

export const count = style({ color: vars.color.textMuted, marginBlock: vars.space['4'] })

export const empty = style({ display: 'grid', gap: vars.space['3'], marginBlock: vars.space['4'] })

export const categories = style({ ...bareList, display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] })

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['4'],
  marginBlockStart: vars.space['6'],
})
