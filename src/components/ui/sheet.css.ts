import { keyframes, style } from '@vanilla-extract/css'
import { reducedMotion, vars } from '../../styles/theme.css.ts'

// A panel sliding in from the right over a dimmed page: the mobile menu and the cart drawer.
const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } })
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

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
  width: 'min(92vw, 420px)',
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

export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['3'] })
export const title = style({ fontSize: vars.fontSize.xl })

export const iconButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  position: 'relative',
  selectors: { '&:hover': { background: 'rgba(127, 127, 127, 0.15)' } },
})

/**
 * Where toasts show while a sheet or a dialog is open, under its title (Toasts.tsx). While it holds
 * none it takes no room, its share of the panel's gap included.
 */
export const toastSlot = style({
  selectors: { '&:not(:has([data-sonner-toast]))': { marginBlockEnd: `calc(-1 * ${vars.space['4']})` } },
})
