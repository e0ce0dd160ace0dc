import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css.ts'

export const map = style({ display: 'grid', gap: vars.space['3'] })
export const title = style({ fontSize: vars.fontSize['2xl'] })
export const frame = style({ width: '100%', height: 'clamp(280px, 45vw, 440px)', border: 0, borderRadius: vars.radius.lg })

export const placeholder = style({
  display: 'grid',
  justifyItems: 'center',
  alignContent: 'center',
  textAlign: 'center',
  gap: vars.space['3'],
  minHeight: 'clamp(280px, 45vw, 440px)',
  borderRadius: vars.radius.lg,
  padding: vars.space['5'],
  background: `repeating-linear-gradient(45deg, ${vars.color.surfaceAlt}, ${vars.color.surfaceAlt} 12px, ${vars.color.bg} 12px, ${vars.color.bg} 24px)`,
  border: `1px solid ${vars.color.border}`,
  fontWeight: 600,
})

export const note = style({ fontWeight: 400, color: vars.color.textMuted, fontSize: vars.fontSize.sm, maxWidth: '44ch' })

// A 44 px tall tap target.
export const external = style({
  color: vars.color.accent,
  fontWeight: 600,
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
})
