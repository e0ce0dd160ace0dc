import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

// Sonner's own rules are attribute selectors of specificity (0,3,0), injected after this stylesheet:
// these rules name the toaster, the toast and the class to win without !important.
const within = '[data-sonner-toaster] [data-sonner-toast][data-styled=true]'

export const toast = style({})
export const action = style({})
export const close = style({})

globalStyle(`[data-sonner-toaster] [data-sonner-toast][data-styled=true]${toast}`, {
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  borderColor: vars.color.border,
  // Room on the right for the close button.
  paddingInlineEnd: '3.5rem',
})

/** "View cart": a real button, 44 px tall, in the theme's accent. */
globalStyle(`${within} ${action}`, {
  height: '2.75rem',
  paddingInline: vars.space['4'],
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  background: vars.color.accent,
  color: vars.color.onAccent,
})

/** The close button inside the toast, 44 × 44, instead of sonner's 20 px badge on its corner. */
globalStyle(`${within} ${close}`, {
  left: 'auto',
  right: vars.space['1'],
  top: '50%',
  transform: 'translateY(-50%)',
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textMuted,
})
globalStyle(`${within} ${close} svg`, { width: '1rem', height: '1rem' })

/**
 * The toaster inside an open dialog or sheet (Toasts.tsx): in its flow under its title, as tall as
 * the toast shown, as wide as the dialog; sonner's fixed placement (and its phone rules) give way.
 */
export const inDialog = style({})
globalStyle(`[data-sonner-toaster][data-y-position][data-x-position]${inDialog}`, {
  position: 'relative',
  inset: 'auto',
  transform: 'none',
  width: '100%',
  height: 'var(--front-toast-height)',
  transition: 'height 200ms ease',
})
globalStyle(`[data-sonner-toaster]${inDialog} [data-sonner-toast][data-y-position][data-x-position]`, {
  left: 0,
  right: 0,
  width: '100%',
})
