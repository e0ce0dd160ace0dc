import { globalStyle, style } from '@vanilla-extract/css'
import { insetPanel } from '../../../styles/primitives.css.ts'
import { breakpoints, vars } from '../../../styles/theme.css.ts'

// /admin/verifactu's records: the filters above the table, the count, the table's cells and the
// dialog that corrects a record.

const mono = 'ui-monospace, "SFMono-Regular", "Cascadia Mono", "Roboto Mono", Menlo, Consolas, monospace'

export const filters = style({
  display: 'grid',
  gap: vars.space['3'],
  alignItems: 'start',
  '@media': { [breakpoints.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 16rem))' } },
})

export const count = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

/** The invoice's number, a link to its order: one unit in the monospace of the order table. */
export const numberLink = style({
  fontFamily: mono,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  color: vars.color.accentStrong,
  textUnderlineOffset: '3px',
})

/** The hash: its first characters as the summary of a disclosure that shows it whole. */
export const hash = style({ fontFamily: mono, minWidth: '9rem', maxWidth: '18rem' })
globalStyle(`${hash} > summary`, { cursor: 'pointer', whiteSpace: 'nowrap', width: 'fit-content' })
export const fullHash = style({ display: 'block', marginTop: vars.space['1'], overflowWrap: 'anywhere', fontSize: vars.fontSize.xs })

/** The mark beside a state's label (its shape, not only its colour). */
export const mark = style({ marginInlineEnd: vars.space['1'] })

/** The AEAT's answer: its code, then its text, which may be long. */
export const answer = style({ minWidth: '14rem', maxWidth: '32rem' })
export const code = style({ fontFamily: mono, fontWeight: 700, marginInlineEnd: vars.space['2'] })

/** A state's badge stays on one line. */
export const stateCell = style({ whiteSpace: 'nowrap' })

/** A record's type, and beside it the tag of a correction (subsanación). */
export const type = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['1'] })

/** Under the AEAT's answer: the record that corrected this one, then the button that corrects it. */
export const correctedBy = style({ display: 'block', marginTop: vars.space['1'], color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const correct = style({ marginTop: vars.space['2'] })

/** The correction dialog: what a correction is, then the AEAT's answer being corrected. */
export const dialogText = style({ display: 'grid', gap: vars.space['2'] })
globalStyle(`${dialogText} p`, { margin: 0 })
export const dialogLink = style({ color: vars.color.accentStrong, textUnderlineOffset: '3px' })
export const dialogAnswer = style({ ...insetPanel, display: 'grid', gap: vars.space['1'], fontSize: vars.fontSize.sm })
globalStyle(`${dialogAnswer} p`, { margin: 0 })
export const dialogAnswerLabel = style({ fontWeight: 600 })
