import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

// The admin dashboard's sections and tables (docs/product.md#b2b), shared by its three tabs.
export const section = style({ display: 'grid', gap: vars.space['3'] })
export const heading = style({ fontSize: vars.fontSize.xl })
export const empty = style({
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
})

/** A wide table scrolls sideways inside its own region (focusable, so keyboards can scroll it). */
export const scroller = style({
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm })
export const th = style({
  textAlign: 'left',
  padding: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  fontWeight: 700,
  whiteSpace: 'nowrap',
})
export const td = style({ padding: vars.space['3'], borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' })
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
/** A row's header cell (an order's number, a product's name) reads like the other cells. */
export const rowHeader = style({ textAlign: 'left', fontWeight: 400 })
export const message = style({ whiteSpace: 'pre-line', minWidth: '12rem' })
export const nowrap = style({ whiteSpace: 'nowrap' })
export const muted = style({ color: vars.color.textMuted })
export const actions = style({ display: 'flex', gap: vars.space['2'] })
/** A customer's recargo de equivalencia: whether they pay it, and beside it the button that changes it. */
export const surcharge = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] })

/** A dialog's paragraphs, one under the other. */
export const dialogText = style({ display: 'grid', gap: vars.space['3'] })
/** What the admin must check before going ahead: the test-mode notices' pale amber under the text's colour (15.8:1). */
export const caution = style({
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  background: vars.color.notice,
  border: `1px solid ${vars.color.noticeBorder}`,
  color: vars.color.text,
  fontWeight: 500,
})

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', justifyContent: 'space-between', gap: vars.space['3'] })
export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], flexWrap: 'wrap' })
