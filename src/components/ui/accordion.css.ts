import { keyframes, style } from '@vanilla-extract/css'
import { reducedMotion, vars } from '../../styles/theme.css.ts'

// Radix Accordion's parts, shared by the FAQ and the About page's specifications.
const reveal = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
})

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  width: '100%',
  minHeight: '44px',
  border: 0,
  background: 'none',
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  lineHeight: vars.lineHeight.snug,
  textAlign: 'start',
  cursor: 'pointer',
})

export const chevron = style({
  flexShrink: 0,
  width: '20px',
  height: '20px',
  color: vars.color.accent,
  transition: 'transform 200ms ease',
  selectors: {
    [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' },
  },
  '@media': {
    [reducedMotion]: { transition: 'none' },
  },
})

/** Closed answers stay in the HTML (for search engines) and are hidden here. */
export const content = style({
  lineHeight: vars.lineHeight.body,
  selectors: {
    '&[data-state="closed"]': { display: 'none' },
    '&[data-state="open"]': { animation: `${reveal} 200ms ease-out` },
  },
  '@media': {
    [reducedMotion]: {
      selectors: {
        '&[data-state="open"]': { animation: 'none' },
      },
    },
  },
})
