import { style } from '@vanilla-extract/css'
import { breakpoints, reducedMotion, vars } from '../../styles/theme.css.ts'

/**
 * The floating bubble, on screens wide enough for it to sit in the margin beside the content (1280 px
 * and up: the 1200 px content column leaves it room). Between 900 and 1280 px it may meet content,
 * and steps aside (fades out, out of reach) while content is under it. Narrower, the nav holds it.
 */
export const button = style({
  position: 'fixed',
  right: vars.space['4'],
  bottom: vars.space['4'],
  zIndex: 40,
  display: 'none',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: '50%',
  background: vars.color.whatsapp,
  color: vars.color.white,
  boxShadow: vars.shadow.lg,
  transition: 'transform 150ms ease, opacity 150ms ease, visibility 150ms',
  selectors: {
    '&:hover': { transform: 'scale(1.06)' },
    // Keyboard users who reach it keep it; otherwise it steps aside from the content under it.
    '&[data-over-content="true"]:not(:focus-visible)': { opacity: 0, visibility: 'hidden', transform: 'translateX(50%)' },
  },
  '@media': { [breakpoints.md]: { display: 'grid' }, [reducedMotion]: { transition: 'none' } },
})

/** In the nav, beside the cart, below 900 px: the same 44 px icon button as the cart. */
export const inHeader = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.md,
  color: vars.color.whatsapp,
  '@media': { [breakpoints.md]: { display: 'none' } },
})
