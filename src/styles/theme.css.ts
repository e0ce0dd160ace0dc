import { createGlobalTheme } from '@vanilla-extract/css'
import { palette } from '../../core/palette.ts'
import { bodyFallback, displayFallback } from './fonts.css.ts'

/** The shop's one theme (colours in core/palette.ts, shared with the emails). */
export const vars = createGlobalTheme(':root', {
  color: palette,
  font: {
    // The metric-matched fallback right after each web font: what shows until it loads (fonts.css.ts).
    body: `"Inter Variable", "${bodyFallback}", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`,
    display: `"Playfair Display Variable", "${displayFallback}", Georgia, "Times New Roman", serif`,
  },
  fontSize: {
    xs: '0.8125rem',
    sm: '0.9375rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    '2xl': 'clamp(1.5rem, 1.2rem + 1.2vw, 2rem)',
    '3xl': 'clamp(1.875rem, 1.4rem + 2vw, 2.75rem)',
    '4xl': 'clamp(2.25rem, 1.5rem + 3.4vw, 4rem)',
  },
  lineHeight: { tight: '1.15', snug: '1.35', body: '1.65' },
  space: {
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.5rem',
    '6': '2rem',
    '7': '3rem',
    '8': '4rem',
    '9': '6rem',
  },
  radius: { sm: '4px', md: '8px', lg: '16px', pill: '999px' },
  shadow: {
    sm: '0 1px 2px rgba(28, 26, 23, 0.06), 0 1px 3px rgba(28, 26, 23, 0.08)',
    md: '0 6px 24px rgba(28, 26, 23, 0.10)',
    lg: '0 18px 48px rgba(28, 26, 23, 0.18)',
  },
  layout: { maxWidth: '1200px', navHeight: '72px', gutter: 'clamp(1rem, 0.6rem + 2vw, 2rem)' },
})

export const breakpoints = {
  sm: 'screen and (min-width: 600px)',
  md: 'screen and (min-width: 900px)',
  lg: 'screen and (min-width: 1200px)',
} as const

export const reducedMotion = '(prefers-reduced-motion: reduce)'
