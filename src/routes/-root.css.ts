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

/** Test payments are on: a bar closing every page, in the flow (never fixed), so it covers nothing. */
export const testModeBanner = style({
  padding: `${vars.space['1']} ${vars.layout.gutter}`,
  background: vars.color.accentSoft,
  color: vars.color.text,
  borderTop: `1px solid ${vars.color.accent}`,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.35,
  textAlign: 'center',
})
