import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'
import { cardSurface } from '../../styles/primitives.css.ts'

/** A form set in its own card on a content page (contact, catalog request). */
export const formCard = style({
  maxWidth: '44rem',
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['5'],
  ...cardSurface,
})
