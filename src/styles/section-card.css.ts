import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

/** One section of a page as a card: the account's sections, checkout's form and summary, the admin's edit page. */
export const sectionCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: `clamp(1.25rem, 1rem + 1.5vw, 2rem)`,
  display: 'grid',
  gap: vars.space['4'],
})
