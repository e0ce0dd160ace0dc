import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { reducedMotion, vars } from '../../styles/theme.css.ts'

/** A button on its ground in its ink, on another ground under the pointer. */
const toned = (ground: string, ink: string, hover: string) => ({
  background: ground,
  color: ink,
  selectors: { '&:hover:not(:disabled)': { background: hover } },
})

/** An outlined button in one ink, filled with that ink under the pointer (the text then in `ground`). */
const outlined = (ink: string, ground: string) => ({
  background: 'transparent',
  color: ink,
  borderColor: ink,
  selectors: { '&:hover:not(:disabled)': { background: ink, color: ground } },
})

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    borderRadius: vars.radius.pill,
    border: '1px solid transparent',
    fontWeight: 600,
    letterSpacing: '0.01em',
    textDecoration: 'none',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background-color 150ms ease, color 150ms ease, border-color 150ms ease, transform 150ms ease',
    selectors: {
      '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
      '&:active:not(:disabled)': { transform: 'translateY(1px)' },
    },
    '@media': { [reducedMotion]: { transition: 'none' } },
  },
  variants: {
    tone: {
      primary: toned(vars.color.dark, vars.color.onDark, vars.color.black),
      accent: toned(vars.color.accent, vars.color.onAccent, vars.color.accentStrong),
      outline: outlined(vars.color.text, vars.color.bg),
      light: toned(vars.color.onDark, vars.color.dark, vars.color.white),
      outlineLight: outlined(vars.color.onDark, vars.color.dark),
      /** What cannot be undone (deleting the account): white on the danger red, AA contrast. */
      danger: toned(vars.color.danger, vars.color.white, vars.color.text),
      ghost: toned('transparent', vars.color.text, vars.color.surfaceAlt),
    },
    size: {
      sm: { padding: `${vars.space['2']} ${vars.space['4']}`, fontSize: vars.fontSize.sm, minHeight: '2.25rem' },
      md: { padding: `${vars.space['3']} ${vars.space['5']}`, fontSize: vars.fontSize.md, minHeight: '2.75rem' },
      lg: { padding: `${vars.space['4']} ${vars.space['6']}`, fontSize: vars.fontSize.lg, minHeight: '3.25rem' },
    },
  },
  defaultVariants: { tone: 'primary', size: 'md' },
})

export type ButtonVariants = RecipeVariants<typeof button>
