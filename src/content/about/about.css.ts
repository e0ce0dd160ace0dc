import { globalStyle, style } from '@vanilla-extract/css'
import * as accordionParts from '../../components/ui/accordion.css.ts'
import { breakpoints, vars } from '../../styles/theme.css.ts'
import { bareList, cardSurface } from '../../styles/primitives.css.ts'

export const root = style({
  color: vars.color.text,
})

export const subtitle = style({
  maxWidth: '60ch',
  marginTop: 0,
  marginBottom: vars.space['7'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.snug,
})

export const section = style({
  marginBottom: vars.space['8'],
})

/** `&&` outweighs the `prose h2` rule when the heading sits inside the story's prose block. */
export const sectionTitle = style({
  selectors: {
    '&&': {
      marginTop: 0,
      marginBottom: vars.space['5'],
      fontFamily: vars.font.display,
      fontSize: vars.fontSize['2xl'],
      lineHeight: vars.lineHeight.tight,
    },
  },
})

export const sectionIntro = style({
  maxWidth: '72ch',
  marginTop: 0,
  marginBottom: vars.space['5'],
  color: vars.color.textMuted,
})

/* Values: 1 column on phones, 2 from 600 px, 4 from 1200 px. */
export const valuesGrid = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space['5'],
  ...bareList,
  '@media': {
    [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [breakpoints.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
})

export const valueCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  padding: vars.space['5'],
  ...cardSurface,
  boxShadow: vars.shadow.sm,
})

export const valueIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accentStrong,
})

export const valueTitle = style({
  margin: 0,
  fontFamily: vars.font.display,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.snug,
})

export const valueText = style({
  margin: 0,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.body,
})

/* Technical specifications accordion. */
export const accordion = style({
  maxWidth: '72ch',
  ...cardSurface,
  overflow: 'hidden',
})

export const accordionItem = style({
  selectors: {
    '& + &': { borderTop: `1px solid ${vars.color.border}` },
  },
})

export const accordionHeader = style({
  margin: 0,
  fontSize: 'inherit',
})

export const accordionTrigger = style([
  accordionParts.trigger,
  {
    padding: `${vars.space['4']} ${vars.space['5']}`,
    selectors: {
      '&:hover': { background: vars.color.surfaceAlt },
      /* Drawn inside the button: the rounded container clips anything outside it. */
      '&:focus-visible': { outlineOffset: '-3px' },
    },
  },
])

export const chevron = accordionParts.chevron

export const accordionContent = style([accordionParts.content, { padding: `0 ${vars.space['5']} ${vars.space['5']}` }])

export const specList = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  margin: 0,
  '@media': {
    [breakpoints.sm]: { gridTemplateColumns: 'minmax(10rem, max-content) 1fr', columnGap: vars.space['5'] },
  },
})

export const specTerm = style({
  paddingTop: vars.space['3'],
  fontWeight: 600,
  color: vars.color.text,
  '@media': {
    [breakpoints.sm]: { paddingBottom: vars.space['3'], borderBottom: `1px solid ${vars.color.border}` },
  },
})

export const specValue = style({
  margin: 0,
  paddingBottom: vars.space['3'],
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [breakpoints.sm]: { paddingTop: vars.space['3'] },
  },
})

export const featureList = style({
  margin: 0,
  paddingInlineStart: vars.space['5'],
  color: vars.color.textMuted,
})

globalStyle(`${featureList} > li`, {
  marginBottom: vars.space['2'],
})
