import { style } from '@vanilla-extract/css'
import { vars } from '../../../styles/theme.css.ts'

export const picture = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, 12rem) 1fr',
  gap: vars.space['4'],
  alignItems: 'start',
  '@media': { '(max-width: 480px)': { gridTemplateColumns: '1fr' } },
})

export const preview = style({
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
})
