import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css.ts'

/** The address's fields: one column on a phone, two from the small breakpoint (checkout's and /account's alike). */
export const fields = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const wide = style({ '@media': { [breakpoints.sm]: { gridColumn: '1 / -1' } } })
