import { style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../../styles/theme.css.ts'
import * as admin from '../admin.css.ts'
import { cardSurface, dangerTint, messageBox, pageColumn } from '../../../styles/primitives.css.ts'

// The admin's categories screen (docs/product.md#owner): the list in the shop's order and the new-category form.
export const page = style({
  ...pageColumn,
  paddingTop: vars.space['6'],
  display: 'grid',
  gap: vars.space['7'],
})

/** The position in the shop's order. */
export const position = style({ width: '3rem' })
/** The Spanish name heads its row in bold (after the table's row header, which it adds to). */
export const rowHeader = style([admin.rowHeader, { fontWeight: 600 }])

/** Up and down side by side, each a 44 px target. */
export const moves = style({ display: 'flex', gap: vars.space['1'] })
export const move = style({
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  display: 'inline-grid',
  placeItems: 'center',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.surfaceAlt },
    '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
  },
})

/** The server's refusal (a category that still holds products): stays until the next action. */
export const refusal = style({
  ...messageBox,
  ...dangerTint,
  // Kept in the page while empty, so the refusal is announced when it appears.
  selectors: { '&:empty': { padding: 0, border: 0 } },
})

/** The fields in one column (the edit dialog), or Spanish beside English on a wide page. */
export const fields = style({ display: 'grid', gap: vars.space['4'] })
export const twoColumns = style({ '@media': { [breakpoints.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } })
export const formActions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space['3'] })

export const newCard = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  ...cardSurface,
})
