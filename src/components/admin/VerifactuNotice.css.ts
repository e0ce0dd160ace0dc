import { style } from '@vanilla-extract/css'
import { pageColumn } from '../../styles/primitives.css.ts'
import { vars } from '../../styles/theme.css.ts'

/** Under the admin's nav, in its band's colour, so the nav, the notice and the page header read as one. */
export const band = style({ background: vars.color.surfaceAlt, paddingTop: vars.space['3'] })

/** The notices one under the other. */
export const inner = style({ ...pageColumn, display: 'grid', gap: vars.space['2'] })

const box = {
  margin: 0,
  padding: `${vars.space['3']} ${vars.space['4']}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  lineHeight: vars.lineHeight.snug,
  maxWidth: '80ch',
} as const

/** Invoices are not reaching the AEAT, or soon will not: the danger tone (text 14.9:1 on dangerSoft). */
export const warning = style({
  ...box,
  background: vars.color.dangerSoft,
  border: `1px solid ${vars.color.danger}`,
  borderInlineStartWidth: '4px',
  fontWeight: 600,
})

/**
 * Invoicing stopped: the warning's tone, framed heavier and first of all; its opening words in bold
 * (the text says it is stopped, the colour only underlines it).
 */
export const halt = style({
  ...box,
  background: vars.color.dangerSoft,
  border: `2px solid ${vars.color.danger}`,
  borderInlineStartWidth: '8px',
  fontWeight: 500,
})

/** The test service: the test-mode notices' pale amber (text 15.8:1), smaller and quieter. */
export const note = style({
  ...box,
  background: vars.color.notice,
  border: `1px solid ${vars.color.noticeBorder}`,
  fontSize: vars.fontSize.sm,
})

/** A link to the records in a warning: in the text's colour, told apart by its underline (and its weight). */
export const link = style({ color: 'inherit', fontWeight: 700, textDecoration: 'underline', textUnderlineOffset: '3px' })
