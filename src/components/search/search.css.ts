import { keyframes, style } from '@vanilla-extract/css'
import { reducedMotion, vars } from '../../styles/theme.css.ts'
import { content } from '../ui/dialog.css.ts'
import { bareList } from '../../styles/primitives.css.ts'

// The shop's search: the results page's form, the header's dialog and its suggestions.

export const form = style({ display: 'grid', gap: vars.space['2'], maxWidth: '40rem' })

export const row = style({ display: 'flex', gap: vars.space['2'], alignItems: 'stretch' })

const slideDown = keyframes({ from: { opacity: 0, transform: 'translate(-50%, -0.5rem)' }, to: { opacity: 1, transform: 'translate(-50%, 0)' } })

/** The header's search: the dialogs' panel at the top of the screen, room for a phone's keyboard below it. */
export const panel = style([
  content,
  {
    top: vars.space['3'],
    transform: 'translate(-50%, 0)',
    width: 'min(96vw, 40rem)',
    maxHeight: 'calc(100dvh - 2 * 0.75rem)',
    padding: vars.space['4'],
    gap: vars.space['3'],
    animation: `${slideDown} 150ms ease`,
    '@media': { [reducedMotion]: { animation: 'none' } },
  },
])

export const panelHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space['3'] })

export const title = style({ fontSize: vars.fontSize.lg })

export const menu = style({ ...bareList, display: 'grid', gap: vars.space['1'] })

export const option = style({
  display: 'grid',
  gridTemplateColumns: '3.5rem 1fr',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['2'],
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    // The option the arrows are on: drawn as clearly as a focused control (it has the focus, for the screen reader).
    '&[aria-selected="true"]': { background: vars.color.accentSoft, outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
})

export const allOption = style([option, { display: 'block', fontWeight: 600, color: vars.color.accentStrong }])

export const thumb = style({
  width: '3.5rem',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
})

export const optionName = style({ fontWeight: 600, lineHeight: 1.3 })

export const optionMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const status = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })
