import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const form = style({ display: 'grid', gap: vars.space['4'] })
export const field = style({ display: 'grid', gap: vars.space['1'] })
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm })

export const input = style({
  width: '100%',
  minHeight: '2.75rem',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.md,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, boxShadow: `0 0 0 1px ${vars.color.danger}` },
  },
})

export const textarea = style([input, { minHeight: '9rem', resize: 'vertical', fontFamily: 'inherit', lineHeight: 1.5 }])

export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, fontWeight: 500 })
export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.xs })
export const formError = style({
  color: vars.color.danger,
  background: vars.color.dangerSoft,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  fontSize: vars.fontSize.sm,
})

/** A form done without the page's script, said on the page it comes back to ("Mensaje enviado"). */
export const formDone = style({
  color: vars.color.success,
  background: vars.color.successSoft,
  border: `1px solid ${vars.color.success}`,
  borderRadius: vars.radius.md,
  padding: vars.space['3'],
  fontWeight: 500,
})

/** A checkbox with its label beside it and what it does under the label (the product form's "Featured", checkout's "I need a full invoice"). */
export const checkbox = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  alignItems: 'center',
})
globalStyle(`${checkbox} input`, { accentColor: vars.color.accent, width: '1.25rem', height: '1.25rem', margin: 0 })
export const checkboxLabel = style({ fontWeight: 600, fontSize: vars.fontSize.sm })
export const checkboxHint = style({ gridColumn: 2, color: vars.color.textMuted, fontSize: vars.fontSize.xs })
