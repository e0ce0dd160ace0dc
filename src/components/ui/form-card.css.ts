import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

/** A form set in its own card on a content page (contact, catalog request). */
export const formCard = style({
  maxWidth: '44rem',
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
})
