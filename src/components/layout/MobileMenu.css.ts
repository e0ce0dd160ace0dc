import { keyframes, style } from '@vanilla-extract/css'
import { breakpoints, reducedMotion, vars } from '../../styles/theme.css.ts'

const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } })
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

export const trigger = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  '@media': { [breakpoints.md]: { display: 'none' } },
})

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(28, 26, 23, 0.55)',
  zIndex: 70,
  animation: `${fadeIn} 200ms ease`,
  '@media': { [reducedMotion]: { animation: 'none' } },
})

export const panel = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(88vw, 360px)',
  background: vars.color.bg,
  color: vars.color.text,
  zIndex: 80,
  padding: vars.space['5'],
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  boxShadow: vars.shadow.lg,
  overflowY: 'auto',
  animation: `${slideIn} 250ms ease`,
  '@media': { [reducedMotion]: { animation: 'none' } },
})

export const panelHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' })
export const title = style({ fontSize: vars.fontSize.xl })
export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const close = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
})

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['1'] })

export const link = style({
  display: 'block',
  padding: `${vars.space['3']} ${vars.space['2']}`,
  fontSize: vars.fontSize.xl,
  fontFamily: vars.font.display,
  textDecoration: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[aria-current="page"]': { color: vars.color.accent } },
})

export const secondaryList = style({ listStyle: 'none', margin: `${vars.space['5']} 0 0`, padding: 0, display: 'grid', gap: vars.space['2'] })
export const secondaryLink = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const footer = style({ marginTop: 'auto', paddingTop: vars.space['4'] })
