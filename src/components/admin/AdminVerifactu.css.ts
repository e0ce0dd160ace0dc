import { style } from '@vanilla-extract/css'
import { pageColumn } from '../../styles/primitives.css.ts'
import { breakpoints, vars } from '../../styles/theme.css.ts'

// The owner's VERI*FACTU page (/admin/verifactu): its downloads as cards, like the admin's other pages.
export const page = style({
  ...pageColumn,
  paddingTop: vars.space['6'],
  display: 'grid',
  gap: vars.space['6'],
})

/** A download's fields and buttons, no wider than a field needs to be. */
export const form = style({ display: 'grid', gap: vars.space['4'], maxWidth: '36rem' })

/** The two days of a period side by side on a wide page. */
export const days = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'] })

/** A link in running text: the accent's strong shade (AA on the page's ground), underlined. */
export const link = style({ color: vars.color.accentStrong, textUnderlineOffset: '3px', fontWeight: 600 })
