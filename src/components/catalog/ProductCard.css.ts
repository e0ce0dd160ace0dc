import { style } from '@vanilla-extract/css'
import { categoryEyebrow, liftingCard } from '../../styles/primitives.css.ts'
import { vars } from '../../styles/theme.css.ts'

export const card = liftingCard

export const media = style({ position: 'relative', aspectRatio: '4 / 5', overflow: 'hidden', background: vars.color.surfaceAlt })

export const badge = style({
  position: 'absolute',
  top: vars.space['3'],
  left: vars.space['3'],
  background: vars.color.dark,
  color: vars.color.onDark,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  padding: `${vars.space['1']} ${vars.space['3']}`,
  borderRadius: vars.radius.pill,
})

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], padding: vars.space['5'], flex: 1 })

export const category = categoryEyebrow

export const name = style({ fontSize: vars.fontSize.xl })

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
})

export const footer = style({
  marginTop: 'auto',
  paddingTop: vars.space['3'],
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  flexWrap: 'wrap',
})

/** The card's one link (the name), stretched over the whole card by its ::after. */
export const link = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1, borderRadius: vars.radius.lg },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
})

/** What the whole card does, said visually (the link is the name, so this is not read twice). */
export const more = style({
  fontWeight: 600,
  color: vars.color.accent,
  selectors: { [`${card}:hover &`]: { textDecoration: 'underline', textUnderlineOffset: '4px' } },
})

export const wholesale = style({ color: vars.color.success, fontWeight: 700, fontSize: vars.fontSize.sm })

/** "En stock" / "Bajo pedido · 10 días laborables" (docs/product.md#availability). */
export const availability = style({ fontSize: vars.fontSize.xs, fontWeight: 600, color: vars.color.textMuted, margin: 0 })
export const inStock = style({ color: vars.color.success })
