import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../styles/theme.css.ts'

export const page = style({ maxWidth: vars.layout.maxWidth, marginInline: 'auto', paddingInline: vars.layout.gutter, paddingTop: vars.space['6'] })

export const card = recipe({
  base: {
    maxWidth: '40rem',
    display: 'grid',
    justifyItems: 'start',
    gap: vars.space['4'],
    padding: vars.space['6'],
    background: vars.color.surface,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
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
