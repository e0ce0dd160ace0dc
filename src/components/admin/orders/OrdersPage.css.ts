import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../../styles/theme.css.ts'
import { stackedPageBody } from '../../../styles/primitives.css.ts'

// /admin/orders: the filters above the table.
export const page = stackedPageBody

/** The header's action: a new order taken on the phone. */
export const headerActions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] })

export const filters = style({
  display: 'grid',
  gap: vars.space['3'],
  alignItems: 'start',
  '@media': {
    [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoints.md]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr))' },
  },
})

export const count = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

/** The export links, at the end of the count's row. */
export const exports = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], marginInlineStart: 'auto' })
