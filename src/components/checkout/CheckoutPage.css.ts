import { globalStyle, style } from '@vanilla-extract/css'
import { sectionCard } from '../../styles/section-card.css.ts'
import { breakpoints, vars } from '../../styles/theme.css.ts'
import { bareList, messageBox, pageColumn } from '../../styles/primitives.css.ts'

export const page = style({
  ...pageColumn,
  paddingTop: vars.space['6'],
  display: 'grid',
  gap: vars.space['5'],
})

export const notice = style({ ...messageBox, background: vars.color.accentSoft, color: vars.color.text })

export const empty = style({ display: 'grid', justifyItems: 'start', gap: vars.space['4'] })
export const emptyText = style({ fontSize: vars.fontSize.xl, fontFamily: vars.font.display })

export const layout = style({
  display: 'grid',
  gap: vars.space['5'],
  alignItems: 'start',
  '@media': { [breakpoints.md]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
})

export const formCard = sectionCard
/**
 * The order summary (a <details>, first in the page): on a phone a card folded under its toggle at
 * the top; on a wide screen the form's neighbour on the right, sticky, always open, its toggle gone.
 */
export const summary = style([
  sectionCard,
  {
    display: 'block',
    paddingBlock: vars.space['2'],
    '@media': {
      [breakpoints.md]: {
        gridColumn: 2,
        gridRow: 1,
        paddingBlock: `clamp(1.25rem, 1rem + 1.5vw, 2rem)`,
        position: 'sticky',
        top: `calc(${vars.layout.navHeight} + ${vars.space['4']})`,
      },
    },
  },
])
// Shown however the disclosure stands (a closed <details> hides what follows its toggle this way).
globalStyle(`${summary}::details-content`, { '@media': { [breakpoints.md]: { contentVisibility: 'visible' } } })

/** "Show summary · 380,00 €": a 44 px tall row, a chevron at its end that turns when open. */
export const summaryToggle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '2.75rem',
  fontWeight: 600,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&::after': {
      content: '""',
      marginInlineStart: 'auto',
      width: '0.5rem',
      height: '0.5rem',
      borderRight: '2px solid currentColor',
      borderBottom: '2px solid currentColor',
      transform: 'translateY(-25%) rotate(45deg)',
    },
    [`${summary}[open] > &::after`]: { transform: 'translateY(25%) rotate(-135deg)' },
  },
  '@media': { [breakpoints.md]: { display: 'none' } },
})
export const showSummary = style({ selectors: { [`${summary}[open] &`]: { display: 'none' } } })
export const hideSummary = style({ selectors: { [`${summary}:not([open]) &`]: { display: 'none' } } })
export const toggleTotal = style({ fontVariantNumeric: 'tabular-nums' })
/** What the toggle shows: the lines and the totals. */
export const summaryBody = style({
  display: 'grid',
  gap: vars.space['4'],
  paddingBlock: vars.space['3'],
  '@media': { [breakpoints.md]: { paddingBlock: 0 } },
})
export const cardTitle = style({ fontSize: vars.fontSize.xl })

export const fields = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const wide = style({ '@media': { [breakpoints.sm]: { gridColumn: '1 / -1' } } })
/** The invoice's choice, under the shipping fields. */
export const invoice = style({ display: 'grid', gap: vars.space['4'], border: 0, padding: 0, margin: 0, minWidth: 0 })
export const invoiceLegend = style({ fontSize: vars.fontSize.lg, fontWeight: 700, padding: 0, marginBottom: vars.space['2'] })
export const invoiceNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const secure = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

/** The order summary: the list scrolls beyond a maximum height of 96 units (24rem). */
export const lines = style({
  ...bareList,
  maxHeight: '24rem',
  overflowY: 'auto',
  display: 'grid',
  gap: vars.space['3'],
  alignContent: 'start',
})
export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  paddingBottom: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
})
export const lineName = style({ fontWeight: 600 })
export const lineDetail = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontVariantNumeric: 'tabular-nums' })
export const lineTotal = style({ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })

export const totals = style({ display: 'grid', gap: vars.space['2'], margin: 0 })
globalStyle(`${totals} > div`, { display: 'flex', justifyContent: 'space-between', fontVariantNumeric: 'tabular-nums' })
globalStyle(`${totals} dd`, { margin: 0 })
export const grandTotal = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space['2'],
})

/** "Already have an account? Sign in" above the form, for guests. */
export const signIn = style({ color: vars.color.textMuted })
export const signInLink = style({ color: vars.color.text, fontWeight: 600, textDecoration: 'underline', textUnderlineOffset: '0.2em' })

/** The postal code's notice for the zones not served online, with the link to ask for a quote. */
export const quote = style({
  marginTop: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
})
export const quoteLink = style({ color: vars.color.text, fontWeight: 600, textDecoration: 'underline', textUnderlineOffset: '0.2em' })

/** Products in the cart the owner archived: listed apart, muted, not part of the order. */
export const unavailable = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  background: vars.color.surfaceAlt,
})
export const unavailableHeading = style({ fontSize: vars.fontSize.md, color: vars.color.danger })
export const unavailableLines = style({ ...bareList, display: 'grid', gap: vars.space['1'] })
export const unavailableLine = style({ color: vars.color.textMuted, textDecoration: 'line-through' })

/** The delivery methods, as a list of radio choices under the address. */
export const deliveryOptions = style({ ...bareList, display: 'grid', gap: vars.space['2'] })
export const deliveryOption = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'start',
  gap: vars.space['3'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.text } },
})
export const deliveryName = style({ fontWeight: 600 })
export const deliveryPrice = style({ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
