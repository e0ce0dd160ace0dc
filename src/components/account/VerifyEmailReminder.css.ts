import { style } from '@vanilla-extract/css'
import { popoverSurface } from '../../styles/primitives.css.ts'
import { breakpoints, vars } from '../../styles/theme.css.ts'
import { withRoleLinks } from '../layout/SiteHeader.css.ts'

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  justifyContent: 'center',
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  padding: 0,
  border: `1px solid ${vars.color.noticeBorder}`,
  borderRadius: vars.radius.pill,
  background: vars.color.notice,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  '@media': { [breakpoints.sm]: { padding: `0 ${vars.space['3']}`, selectors: { [`${withRoleLinks} &`]: { padding: 0 } } } },
})

/**
 * The words show from tablet width; on a phone the envelope alone (it keeps its accessible name), and
 * in a header that also holds the role links, which need the room.
 */
export const triggerText = style({
  display: 'none',
  '@media': { [breakpoints.sm]: { display: 'inline', selectors: { [`${withRoleLinks} &`]: { display: 'none' } } } },
})

export const content = style({
  maxWidth: 'min(22rem, calc(100vw - 2rem))',
  display: 'grid',
  gap: vars.space['3'],
  ...popoverSurface,
  padding: vars.space['4'],
  zIndex: 90,
})

export const title = style({ fontWeight: 700 })
export const text = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
