import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
})

/** Long-form text (legal pages, FAQ answers, company story). */
export const prose = style({
  maxWidth: '72ch',
  color: vars.color.text,
})
globalStyle(`${prose} h2`, { fontSize: vars.fontSize['2xl'], marginTop: vars.space['7'], marginBottom: vars.space['3'] })
globalStyle(`${prose} h3`, { fontSize: vars.fontSize.xl, marginTop: vars.space['6'], marginBottom: vars.space['2'] })
globalStyle(`${prose} p, ${prose} ul, ${prose} ol`, { marginTop: 0, marginBottom: vars.space['4'] })
globalStyle(`${prose} li`, { marginBottom: vars.space['2'] })
globalStyle(`${prose} a`, { color: vars.color.accent, textUnderlineOffset: '3px' })
