import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

/** Lays the <img> out as if it had no wrapper, so the callers' grid and aspect rules apply to it. */
export const picture = style({ display: 'contents' })

export const image = style({ width: '100%', height: 'auto', objectFit: 'cover', background: vars.color.surfaceAlt })

export const fallback = style({
  display: 'grid',
  placeItems: 'center',
  aspectRatio: '3 / 2',
  background: `linear-gradient(135deg, ${vars.color.surfaceAlt}, ${vars.color.accentSoft})`,
  color: vars.color.accent,
  fontFamily: vars.font.display,
  fontSize: '4rem',
})
