import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { breakpoints, reducedMotion, vars } from '../../styles/theme.css.ts'
import { bareList, pageColumn } from '../../styles/primitives.css.ts'

export const header = recipe({
  base: {
    position: 'fixed',
    insetInline: 0,
    top: 0,
    zIndex: 50,
    height: vars.layout.navHeight,
    transition: 'background-color 200ms ease, box-shadow 200ms ease, color 200ms ease',
    '@media': { [reducedMotion]: { transition: 'none' } },
  },
  variants: {
    transparent: {
      true: { background: 'transparent', color: vars.color.onDark },
      false: {
        background: 'rgba(250, 247, 242, 0.96)',
        color: vars.color.text,
        boxShadow: vars.shadow.sm,
        backdropFilter: 'saturate(1.4) blur(8px)',
      },
    },
  },
})

/**
 * From this width the shop's links fit in the header's row beside the search, the language, the
 * account and the cart (in Spanish, the longer): narrower, they are in the menu, as on a phone.
 */
export const linksInRow = 'screen and (min-width: 1000px)'

/**
 * A header with more than the shop's links and the account: the role links (B2B dashboard, Admin)
 * or the reminder to confirm the email. One row of it needs the room of 1200 px: narrower, its links
 * are in the menu, as on a phone, rather than wrapping or running into the shop's name.
 */
export const busy = style({})

/** A header with role links: the email reminder shows its envelope alone (its name says the rest). */
export const withRoleLinks = style({})

export const skipLink = style({
  position: 'absolute',
  left: vars.space['4'],
  top: '-4rem',
  background: vars.color.dark,
  color: vars.color.onDark,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  borderRadius: vars.radius.md,
  zIndex: 60,
  selectors: { '&:focus': { top: vars.space['2'] } },
})

export const inner = style({
  height: '100%',
  ...pageColumn,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  '@media': { [breakpoints.sm]: { gap: vars.space['4'] } },
})

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  minWidth: 0,
  minHeight: '2.75rem',
  gap: vars.space['3'],
  textDecoration: 'none',
  color: 'inherit',
  // Beside the links it may get narrower, never narrower than its longest word: the name wraps.
  '@media': { [breakpoints.md]: { minWidth: 'auto' } },
})

export const logoMark = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: vars.radius.md,
  background: `linear-gradient(135deg, ${vars.color.accentOnDark}, ${vars.color.accent})`,
  color: vars.color.white,
  fontFamily: vars.font.display,
  fontWeight: 700,
  fontSize: vars.fontSize.md,
  letterSpacing: '0.04em',
})

export const logoText = style({
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.lg,
  fontWeight: 600,
  lineHeight: vars.lineHeight.tight,
  // On the narrowest phones (the email reminder beside the cart) the name takes two lines; beside
  // the links (900 px and up) too when the row needs the room, in two balanced lines.
  '@media': {
    [breakpoints.sm]: { whiteSpace: 'nowrap' },
    [breakpoints.md]: { whiteSpace: 'normal', textWrap: 'balance' },
  },
})

export const desktopNav = style({
  display: 'none',
  // Right after the logo, the free room after it: a link added on sign-in (by role) appears at the
  // end and moves nothing, where a centred nav would shift every link.
  marginInlineEnd: 'auto',
  '@media': {
    [linksInRow]: { display: 'block', selectors: { [`${busy} &`]: { display: 'none' } } },
    [breakpoints.lg]: { selectors: { [`${busy} &`]: { display: 'block' } } },
  },
})

export const navList = style({
  display: 'flex',
  gap: vars.space['1'],
  ...bareList,
})

export const navLink = style({
  display: 'inline-block',
  // A label never wraps ("Panel B2B"): the row keeps its height, and the name gives way instead.
  whiteSpace: 'nowrap',
  padding: vars.space['2'],
  borderRadius: vars.radius.pill,
  textDecoration: 'none',
  fontWeight: 500,
  fontSize: vars.fontSize.sm,
  color: 'inherit',
  position: 'relative',
  selectors: {
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: '6px' },
    '&[aria-current="page"]': { textDecoration: 'underline', textDecorationThickness: '2px', textUnderlineOffset: '6px' },
  },
})

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  // Tighter on a phone: room for the email reminder beside the cart and the menu at 360 px.
  gap: vars.space['1'],
  '@media': { [breakpoints.sm]: { gap: vars.space['3'] } },
})

// Doubled class: it must beat the display of the controls it hides (a button's recipe, the
// toggle's own), whichever order the build puts their CSS in: a phone showed them over the logo.
export const desktopOnly = style({
  selectors: { '&&': { display: 'none' } },
  '@media': { [breakpoints.md]: { selectors: { '&&': { display: 'inline-flex' } } } },
})
