import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'
import { cardSurface } from './primitives.css.ts'

/** One section of a page as a card: the account's sections, checkout's form and summary, the admin's edit page. */
export const sectionCard = style({
  ...cardSurface,
  padding: `clamp(1.25rem, 1rem + 1.5vw, 2rem)`,
  display: 'grid',
  gap: vars.space['4'],
})

/** The heading of such a card (components/admin/AdminSection.tsx AdminCard). */
export const sectionCardHeading = style({ fontSize: vars.fontSize.xl })
