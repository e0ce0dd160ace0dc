import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../styles/theme.css.ts'
import { cardSurface, pageColumn } from '../styles/primitives.css.ts'

export const page = style({
  ...pageColumn,
  paddingTop: vars.space['7'],
  display: 'grid',
  gap: vars.space['6'],
})

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
})

export const card = style({
  ...cardSurface,
  padding: vars.space['5'],
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
})

export const cardTitle = style({ fontSize: vars.fontSize.xl })
export const cardText = style({ fontStyle: 'normal', color: vars.color.textMuted })
export const hours = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const cardLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  color: vars.color.accent,
  fontWeight: 600,
  fontSize: vars.fontSize.lg,
  wordBreak: 'break-word',
})
