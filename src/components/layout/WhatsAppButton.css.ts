import { style } from '@vanilla-extract/css'
import { reducedMotion, vars } from '../../styles/theme.css.ts'

export const button = style({
  position: 'fixed',
  right: vars.space['5'],
  bottom: vars.space['5'],
  zIndex: 40,
  display: 'grid',
  placeItems: 'center',
  width: '3.5rem',
  height: '3.5rem',
  borderRadius: '50%',
  background: vars.color.whatsapp,
  color: vars.color.white,
  boxShadow: vars.shadow.lg,
  transition: 'transform 150ms ease',
  selectors: { '&:hover': { transform: 'scale(1.06)' } },
  '@media': { [reducedMotion]: { transition: 'none' } },
})
