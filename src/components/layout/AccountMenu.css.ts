import { style } from '@vanilla-extract/css'
import { popoverSurface } from '../../styles/primitives.css.ts'
import { vars } from '../../styles/theme.css.ts'
import { withRoleLinks } from './SiteHeader.css.ts'

export const signIn = style({ color: 'inherit', borderColor: 'currentColor' })

/**
 * Sign-in and the signed-in account button take the same room (the header does not shift), 44 px
 * tall; beside role links, which change the row on sign-in anyway, only the room it needs.
 */
export const sameWidth = style({ minWidth: '9.75rem', minHeight: '2.75rem', selectors: { [`${withRoleLinks} &`]: { minWidth: 0 } } })

export const content = style({
  minWidth: '15rem',
  ...popoverSurface,
  padding: vars.space['2'],
  zIndex: 90,
})

export const label = style({ display: 'grid', padding: `${vars.space['2']} ${vars.space['3']}` })
export const signedInAs = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })
export const email = style({ fontWeight: 600, wordBreak: 'break-all' })
export const separator = style({ height: 1, background: vars.color.border, margin: `${vars.space['1']} 0` })

export const item = style({
  display: 'block',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.sm,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-highlighted]': { background: vars.color.surfaceAlt, outline: `2px solid ${vars.color.focus}` } },
})
