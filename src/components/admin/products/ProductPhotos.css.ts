import { style } from '@vanilla-extract/css'
import { vars } from '../../../styles/theme.css.ts'
import { bareList } from '../../../styles/primitives.css.ts'

// A product's photos in the admin (ProductPhotos.tsx): one row each, a handle to drag it by, its
// thumbnail, its texts and its buttons.
export const photos = style({ display: 'grid', gap: vars.space['4'] })
export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const list = style({ ...bareList, display: 'grid', gap: vars.space['3'] })

export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(4rem, 6rem) minmax(0, 1fr)',
  gap: vars.space['3'],
  alignItems: 'start',
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: { '&[data-dragging]': { position: 'relative', zIndex: 1, boxShadow: vars.shadow.md } },
  '@media': { '(max-width: 480px)': { gridTemplateColumns: 'auto minmax(0, 1fr)' } },
})

/** The drag handle: a real button, so the keyboard reaches it (Space picks the photo up). */
export const handle = style({
  minWidth: '2.75rem',
  minHeight: '2.75rem',
  display: 'grid',
  placeItems: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  cursor: 'grab',
  touchAction: 'none',
  selectors: { '[data-dragging] &': { cursor: 'grabbing' } },
})

export const thumb = style({
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  '@media': { '(max-width: 480px)': { display: 'none' } },
})

export const texts = style({ display: 'grid', gap: vars.space['3'], minWidth: 0 })
export const place = style({ margin: 0, fontWeight: 700 })
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'] })
