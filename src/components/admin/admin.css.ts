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
export const message = style({ whiteSpace: 'pre-line', minWidth: '12rem' })
export const nowrap = style({ whiteSpace: 'nowrap' })
export const muted = style({ color: vars.color.textMuted })
export const actions = style({ display: 'flex', gap: vars.space['2'] })

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', justifyContent: 'space-between', gap: vars.space['3'] })
export const select = style({
  minHeight: '2.5rem',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
})
export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], flexWrap: 'wrap' })
export const linkButton = style({
  border: 0,
  padding: 0,
  background: 'none',
  color: vars.color.accentStrong,
  fontWeight: 700,
  textDecoration: 'underline',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
})
export const details = style({ display: 'grid', gap: vars.space['3'] })
