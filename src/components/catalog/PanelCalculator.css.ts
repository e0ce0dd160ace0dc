import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const calculator = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space['5'],
  display: 'grid',
  gap: vars.space['3'],
  background: vars.color.surface,
})

export const title = style({ fontSize: vars.fontSize.xl })
export const form = style({ display: 'grid', gap: vars.space['3'], justifyItems: 'start' })
export const sides = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['3'], width: '100%' })
// The whole label is the tap target, 44 px tall; the box is drawn in the theme's accent.
export const margin = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  minHeight: '2.75rem',
})
globalStyle(`${margin} input[type="checkbox"]`, { accentColor: vars.color.accent, width: '1.25rem', height: '1.25rem', margin: 0, flexShrink: 0 })
export const result = style({ color: vars.color.textMuted })
/** The button, and beside it what it last put into the quantity. */
export const use = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] })
export const used = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600 })
