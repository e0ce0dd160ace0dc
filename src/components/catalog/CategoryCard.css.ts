import { style } from '@vanilla-extract/css'
import { reducedMotion, vars } from '../../styles/theme.css.ts'

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
  transition: 'box-shadow 200ms ease, transform 200ms ease',
  selectors: { '&:hover': { boxShadow: vars.shadow.md, transform: 'translateY(-2px)' } },
  '@media': { [reducedMotion]: { transition: 'none', selectors: { '&:hover': { transform: 'none' } } } },
})

export const image = style({ aspectRatio: '3 / 2', objectFit: 'cover', width: '100%' })
export const body = style({ display: 'grid', gap: vars.space['2'], padding: vars.space['5'], flex: 1, alignContent: 'start' })
export const name = style({ fontSize: vars.fontSize['2xl'] })
export const description = style({ color: vars.color.textMuted })
export const from = style({ fontWeight: 600, color: vars.color.accent })

export const link = style({
  marginTop: vars.space['2'],
  fontWeight: 600,
  textDecoration: 'none',
  color: vars.color.text,
  selectors: { '&:hover': { textDecoration: 'underline', textUnderlineOffset: '4px' } },
})

/** Makes the whole card clickable through the one link, without nesting interactive elements. */
export const stretched = style({ position: 'absolute', inset: 0 })
