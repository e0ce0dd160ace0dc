import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../styles/theme.css.ts'
import { cardSurface, pageBody } from '../styles/primitives.css.ts'

export const page = pageBody

export const card = recipe({
  base: {
    maxWidth: '40rem',
    display: 'grid',
    justifyItems: 'start',
    gap: vars.space['4'],
    padding: vars.space['6'],
    ...cardSurface,
  },
  variants: {
    tone: {
      neutral: {},
      good: { borderColor: vars.color.success, background: vars.color.successSoft },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

export const title = style({ fontSize: vars.fontSize.xl })
export const contact = style({ fontWeight: 600 })
