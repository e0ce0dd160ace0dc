import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { reducedMotion, vars } from '../../styles/theme.css.ts'

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
      primary: {
        background: vars.color.dark,
        color: vars.color.onDark,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.black } },
      },
      accent: {
        background: vars.color.accent,
        color: vars.color.onAccent,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.accentStrong } },
      },
      outline: {
        background: 'transparent',
        color: vars.color.text,
        borderColor: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.text, color: vars.color.bg } },
      },
      light: {
        background: vars.color.onDark,
        color: vars.color.dark,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.white } },
      },
      outlineLight: {
        background: 'transparent',
        color: vars.color.onDark,
        borderColor: vars.color.onDark,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.onDark, color: vars.color.dark } },
      },
      /** What cannot be undone (deleting the account): white on the danger red, AA contrast. */
      danger: {
        background: vars.color.danger,
        color: vars.color.white,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.text } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } },
      },
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
