import { style } from '@vanilla-extract/css'
import { messageBox } from '../../styles/primitives.css.ts'
import { vars } from '../../styles/theme.css.ts'

export const trigger = style({
  justifySelf: 'start',
  border: 0,
  padding: 0,
  // The text stays where it was; the tap target is 44 px tall.
  minHeight: '44px',
  background: 'none',
  color: vars.color.accentStrong,
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
})
export const sent = style({ ...messageBox, background: vars.color.successSoft, color: vars.color.success })
