import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'
import { bareList } from '../../styles/primitives.css.ts'

export const items = style({ ...bareList, display: 'grid', gap: vars.space['2'] })
export const item = style({ display: 'grid', gridTemplateColumns: '1fr auto auto', gap: vars.space['3'], fontSize: vars.fontSize.sm })
export const itemDetail = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' })
export const itemTotal = style({ fontWeight: 600, fontVariantNumeric: 'tabular-nums' })
export const surcharge = style({
  display: 'flex',
  justifyContent: 'space-between',
  marginTop: vars.space['3'],
  fontSize: vars.fontSize.sm,
})
export const total = style({
  display: 'flex',
  justifyContent: 'space-between',
  marginTop: vars.space['3'],
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.lg,
})
