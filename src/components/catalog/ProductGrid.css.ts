import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css.ts'
import { bareList, pageColumn } from '../../styles/primitives.css.ts'

export const grid = style({
  display: 'grid',
  gap: vars.space['5'],
  gridTemplateColumns: '1fr',
  ...bareList,
  '@media': {
    [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoints.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
})

export const section = style({
  ...pageColumn,
  paddingTop: vars.space['7'],
})

// Cards in a row share its height.
globalStyle(`${grid} > li`, { display: 'flex' })
globalStyle(`${grid} > li > *`, { flex: 1 })
