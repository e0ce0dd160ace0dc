import { style } from '@vanilla-extract/css'
import { reducedMotion, vars } from './theme.css.ts'

// Style pieces the pages repeat, written once. The objects are spread into a component's own style
// (`style({ ...cardSurface, padding: … })`): their values stay in that one rule, in the same order,
// so the cascade is what it was. The classes are whole styles several pages share as they are.

/** The column of a page's content: the layout's width, centred, between the gutters. */
export const pageColumn = { maxWidth: vars.layout.maxWidth, marginInline: 'auto', paddingInline: vars.layout.gutter } as const

/** A list without its bullets and indents (the rows, cards or links it holds are styled instead). */
export const bareList = { listStyle: 'none', margin: 0, padding: 0 } as const

/** A card's face: the surface colour inside a hairline border, large corners (its padding and spacing are each card's). */
export const cardSurface = { background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg } as const

/** A menu or reminder floating over the page: the surface, a hairline border, a deep shadow. */
export const popoverSurface = {
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
} as const

/** An entry of a list set on the page's other surface (a session, a change in a history, an order's event). */
export const insetPanel = { padding: vars.space['3'], borderRadius: vars.radius.md, background: vars.color.surfaceAlt } as const

/** A short message in its own tinted box (a notice, a confirmation, a refusal); the tint is the caller's. */
export const messageBox = { padding: vars.space['4'], borderRadius: vars.radius.md, fontWeight: 500 } as const

/** The tint of a refusal: the danger colour on its pale ground, inside a hairline of it. */
export const dangerTint = { border: `1px solid ${vars.color.danger}`, background: vars.color.dangerSoft, color: vars.color.danger } as const

/** A catalog card (a product, a category): the card's face, its picture clipped to the corners, lifted a little on hover. */
export const liftingCard = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.sm,
  transition: 'box-shadow 200ms ease, transform 200ms ease',
  selectors: { '&:hover': { boxShadow: vars.shadow.md, transform: 'translateY(-2px)' } },
  '@media': { [reducedMotion]: { transition: 'none', selectors: { '&:hover': { transform: 'none' } } } },
})

/** A product's category above its name (its card, its page): small capitals in the accent. */
export const categoryEyebrow = style({
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.12em',
  color: vars.color.accent,
  fontWeight: 600,
})

/** A page's content under its header (PageHeader): the column, a step below the header. */
export const pageBody = style({ ...pageColumn, paddingTop: vars.space['6'] })

/** A page of stacked cards and tables (the admin's screens): the column, each card as wide as the page and no wider. */
export const stackedPageBody = style({
  ...pageColumn,
  paddingTop: vars.space['5'],
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space['5'],
})
