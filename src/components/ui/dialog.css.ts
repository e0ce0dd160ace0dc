import { keyframes, style } from '@vanilla-extract/css'
import { reducedMotion, vars } from '../../styles/theme.css.ts'

// A centred modal dialog over a dimmed page (forms and confirmations).
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })

// The same dimmed page as the side sheets.
export { overlay, toastSlot } from './sheet.css.ts'

export const content = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(94vw, 560px)',
  maxHeight: '92vh',
  overflowY: 'auto',
  background: vars.color.bg,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  padding: vars.space['5'],
  zIndex: 80,
  display: 'grid',
  gap: vars.space['4'],
  animation: `${fadeIn} 150ms ease`,
  '@media': { [reducedMotion]: { animation: 'none' } },
})

export const header = style({ display: 'flex', alignItems: 'start', justifyContent: 'space-between', gap: vars.space['3'] })
export const title = style({ fontSize: vars.fontSize.xl })
export const description = style({ color: vars.color.textMuted })
export const actions = style({ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: vars.space['3'] })

/** A dialog's content drawn in the page itself (where its button leads before or without JavaScript). */
export const inPage = style({
  display: 'grid',
  gap: vars.space['4'],
  marginTop: vars.space['4'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
