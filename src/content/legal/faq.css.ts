import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { reducedMotion, vars } from '../../styles/theme.css.ts'

const reveal = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
})

export const group = style({
  marginBottom: vars.space['6'],
  borderTop: `1px solid ${vars.color.border}`,
})

export const item = style({
  borderBottom: `1px solid ${vars.color.border}`,
})

/** The heading that wraps each trigger; `&&` outweighs the `prose h3` margins. */
export const header = style({
  selectors: {
    '&&': { margin: 0, fontSize: 'inherit' },
  },
})

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['4'],
  width: '100%',
  minHeight: '44px',
  paddingBlock: vars.space['4'],
  paddingInline: 0,
  border: 0,
  background: 'none',
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  lineHeight: vars.lineHeight.snug,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.accent },
  },
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

export const content = style({
  paddingBottom: vars.space['4'],
  color: vars.color.textMuted,
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

globalStyle(`${content} > p:last-child`, { marginBottom: 0 })
