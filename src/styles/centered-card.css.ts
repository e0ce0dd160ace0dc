import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'
import { cardSurface } from './primitives.css.ts'

/** A page whose content is one card, centred under the nav (sign-in, payment pages). */
export const centeredPage = style({
  minHeight: '70vh',
  display: 'grid',
  placeItems: 'start center',
  paddingTop: `calc(${vars.layout.navHeight} + ${vars.space['7']})`,
  paddingInline: vars.layout.gutter,
})

export const card = style({
  width: '100%',
  ...cardSurface,
  padding: `clamp(1.25rem, 1rem + 2vw, 2.5rem)`,
  display: 'grid',
  gap: vars.space['4'],
})
