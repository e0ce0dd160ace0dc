import { globalStyle, style } from '@vanilla-extract/css'
import { breakpoints, vars } from '../../styles/theme.css.ts'
import { bareList } from '../../styles/primitives.css.ts'

export const form = style({ display: 'grid', gap: vars.space['3'], marginBlock: vars.space['4'] })

/** The count and the sort on one line where there is room. */
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
})

/** The filters' button and the chosen filters; the open panel takes the whole width, the chips go under it. */
export const filterRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['2'] })

export const panel = style({ flex: 'none', maxWidth: '100%', selectors: { '&[open]': { flexBasis: '100%' } } })

/** A pill with a 44 px tap target (WCAG 2.5.5): the filters' button and each chosen filter. */
const pill = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.75rem',
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.pill,
} as const

export const summary = style({
  ...pill,
  border: `1px solid ${vars.color.text}`,
  fontWeight: 600,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&:hover': { background: vars.color.surfaceAlt },
  },
})

/** The disclosure's arrow, turned while the panel is open. */
export const chevron = style({ transition: 'transform 150ms ease' })
globalStyle(`details[open] > summary ${chevron}`, { transform: 'rotate(180deg)' })

export const count = style({ color: vars.color.textMuted, margin: 0 })

export const sort = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'] })
globalStyle(`${sort} select`, { width: 'auto' })

export const body = style({
  marginTop: vars.space['3'],
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  gridTemplateColumns: '1fr',
  '@media': {
    [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoints.md]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
  },
})

export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: vars.space['2'], alignContent: 'start' })

export const legend = style({ fontWeight: 700, fontSize: vars.fontSize.sm, marginBottom: vars.space['2'], padding: 0 })

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.25rem',
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
})
globalStyle(`${option} input`, { accentColor: vars.color.accent, width: '1.25rem', height: '1.25rem', margin: 0, flex: 'none' })

export const optionCount = style({ color: vars.color.textMuted })

export const priceRow = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space['2'] })

export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
})

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], ...bareList })

export const chip = style({
  ...pill,
  background: vars.color.dark,
  color: vars.color.onDark,
  fontSize: vars.fontSize.sm,
  fontWeight: 500,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.black } },
})

export const clear = style({ fontSize: vars.fontSize.sm, fontWeight: 600, alignSelf: 'center' })

export const empty = style({ display: 'grid', gap: vars.space['3'], justifyItems: 'start', marginBlock: vars.space['6'] })
