import { style } from '@vanilla-extract/css'
import { liftingCard } from '../../styles/primitives.css.ts'
import { vars } from '../../styles/theme.css.ts'

export const card = liftingCard

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
