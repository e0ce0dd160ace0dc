import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const field = style({ display: 'grid', gap: vars.space['2'] })
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm })

export const control = style({
  display: 'inline-flex',
  alignItems: 'stretch',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.pill,
  overflow: 'hidden',
  width: 'fit-content',
  background: vars.color.surface,
})

export const step = style({
  width: '2.75rem',
  border: 0,
  background: 'transparent',
  fontSize: vars.fontSize.xl,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
  },
})

export const input = style({
  width: '4.5rem',
  border: 0,
  borderInline: `1px solid ${vars.color.border}`,
  textAlign: 'center',
  fontSize: vars.fontSize.lg,
  fontVariantNumeric: 'tabular-nums',
  padding: `${vars.space['2']} 0`,
  background: 'transparent',
  MozAppearance: 'textfield',
  selectors: {
    '&::-webkit-outer-spin-button, &::-webkit-inner-spin-button': { WebkitAppearance: 'none', margin: 0 },
  },
})

export const limit = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, maxWidth: '20ch' })
