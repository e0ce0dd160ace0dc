import { keyframes, style } from '@vanilla-extract/css'
import { reducedMotion } from './theme.css.ts'

const rise = keyframes({
  from: { opacity: 0, transform: 'translateY(16px)' },
  to: { opacity: 1, transform: 'none' },
})

/** Cards animate in one after another; `staggerDelay` sets each card's delay inline (docs/product.md#catalog). */
export const reveal = style({
  animation: `${rise} 500ms cubic-bezier(0.2, 0.7, 0.2, 1) both`,
  '@media': { [reducedMotion]: { animation: 'none' } },
})

const riseOnly = keyframes({
  from: { transform: 'translateY(16px)' },
  to: { transform: 'none' },
})

/**
 * The same entrance without the fade, for the card holding the page's largest picture (its LCP): a
 * picture at opacity 0 does not count as painted, so the fade would hold the LCP back.
 */
export const revealWithoutFade = style({
  animation: `${riseOnly} 500ms cubic-bezier(0.2, 0.7, 0.2, 1) both`,
  '@media': { [reducedMotion]: { animation: 'none' } },
})
