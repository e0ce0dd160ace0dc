import { globalStyle, style } from '@vanilla-extract/css'
import * as accordion from '../../components/ui/accordion.css.ts'
import { vars } from '../../styles/theme.css.ts'

export const group = style({
  marginBottom: vars.space['6'],
  borderTop: `1px solid ${vars.color.border}`,
})

export const item = style({
  borderBottom: `1px solid ${vars.color.border}`,
})

/** The heading that wraps each trigger; `&&` outweighs the `prose h3` margins. */
export const header = style({
  selectors: {
    '&&': { margin: 0, fontSize: 'inherit' },
  },
})

export const trigger = style([
  accordion.trigger,
  {
    paddingBlock: vars.space['4'],
    paddingInline: 0,
    selectors: { '&:hover': { color: vars.color.accent } },
  },
])

export const chevron = accordion.chevron

export const content = style([accordion.content, { paddingBottom: vars.space['4'], color: vars.color.textMuted }])

globalStyle(`${content} > p:last-child`, { marginBottom: 0 })
