import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
globalStyle('html', { WebkitTextSizeAdjust: '100%', scrollPaddingTop: vars.layout.navHeight })
globalStyle('body', {
  margin: 0,
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  WebkitFontSmoothing: 'antialiased',
  textRendering: 'optimizeLegibility',
})
globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.display,
  lineHeight: vars.lineHeight.tight,
  fontWeight: 600,
  margin: 0,
  letterSpacing: '-0.01em',
})
globalStyle('p', { margin: 0 })
globalStyle('img', { maxWidth: '100%', height: 'auto', display: 'block' })
globalStyle('a', { color: 'inherit' })
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' })
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  borderRadius: vars.radius.sm,
})
globalStyle('::selection', { background: vars.color.accentSoft })
