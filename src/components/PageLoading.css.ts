import { keyframes, style } from '@vanilla-extract/css'
import { reducedMotion, vars } from '../styles/theme.css.ts'

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
  minHeight: '50vh',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  paddingTop: vars.layout.navHeight,
})

export const spinner = style({
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: '50%',
  border: `2px solid ${vars.color.border}`,
  borderTopColor: vars.color.accent,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
})
