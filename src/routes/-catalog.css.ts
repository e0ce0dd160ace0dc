import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../styles/theme.css.ts'
import { bareList } from '../styles/primitives.css.ts'

export const sectionTitle = style({ fontSize: vars.fontSize['2xl'], marginBottom: vars.space['5'] })

export const gallery = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  ...bareList,
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space['4'] } },
})

export const tile = style({ borderRadius: vars.radius.lg, overflow: 'hidden' })
export const figure = style({ margin: 0, position: 'relative' })

export const caption = style({
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  padding: `${vars.space['6']} ${vars.space['3']} ${vars.space['3']}`,
  background: 'linear-gradient(180deg, transparent, rgba(20, 18, 15, 0.85))',
  color: vars.color.white,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
})

export const requestLead = style({ color: vars.color.textMuted })
