import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css.ts'
import { visuallyHidden } from '../styles/utilities.css.ts'

export const main = style({ minHeight: '70vh' })

export const notFound = style({
  display: 'grid',
  justifyItems: 'center',
  textAlign: 'center',
  gap: vars.space['4'],
  paddingTop: `calc(${vars.layout.navHeight} + ${vars.space['8']})`,
  paddingInline: vars.layout.gutter,
})

export const code = style({
  fontFamily: vars.font.display,
  fontSize: 'clamp(5rem, 3rem + 10vw, 9rem)',
  lineHeight: 1,
  color: vars.color.accent,
})

export const visuallyHiddenCode = visuallyHidden
export const notFoundTitle = style({ fontSize: vars.fontSize['3xl'] })
export const notFoundText = style({ color: vars.color.textMuted, maxWidth: '48ch' })

/** Test payments are on: a small label in a corner of every page, never in the way of content. */
export const testModeBanner = style({
  position: 'fixed',
  left: vars.space['3'],
  bottom: vars.space['3'],
  zIndex: 45,
  maxWidth: 'min(22rem, calc(100vw - 6rem))',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.md,
  background: vars.color.accentSoft,
  color: vars.color.text,
  border: `1px solid ${vars.color.accent}`,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.35,
  boxShadow: vars.shadow.md,
})
