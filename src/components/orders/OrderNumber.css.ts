import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const wrap = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'], flexWrap: 'wrap', maxWidth: '100%' })

/** The number is one unit: it never breaks inside, and on a narrow screen it moves to its own line whole. */
export const number = style({
  fontFamily: 'ui-monospace, "SFMono-Regular", "Cascadia Mono", "Roboto Mono", Menlo, Consolas, monospace',
  fontSize: '0.95em',
  fontWeight: 700,
  letterSpacing: '0.01em',
  whiteSpace: 'nowrap',
  // One tap selects the whole number, to copy it by hand (without the page's script, or without a clipboard).
  userSelect: 'all',
})

export const copy = style({
  minWidth: '44px',
  minHeight: '44px',
  paddingInline: vars.space['3'],
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.text } },
})

/** Until the page's script runs: the button's place is kept (nothing moves when it appears), unseen and unreachable. */
export const copyWaiting = style({ visibility: 'hidden' })
