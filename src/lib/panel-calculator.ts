/** docs/product.md#catalog: how many panels cover a wall or ceiling. */
export const cuttingMargin = 0.1
export const minSideMetres = 0.1
export const maxSideMetres = 50

export type SideError = 'required' | 'invalid' | 'tooSmall' | 'tooLarge'

/** Reads "2,5" or "2.5" (metres); returns the number or why it is not usable. */
export function parseMetres(raw: string): { value: number } | { error: SideError } {
  const text = raw.trim().replace(',', '.')
  if (text === '') return { error: 'required' }
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: 'invalid' }
  const value = Number(text)
  if (value < minSideMetres) return { error: 'tooSmall' }
  if (value > maxSideMetres) return { error: 'tooLarge' }
  return { value }
}

/** Panels for a surface, rounding up; the margin covers cuts and waste (`coveredM2`: the surface with it). */
export function panelsNeeded(opts: { widthM: number; heightM: number; panelWidthCm: number; panelHeightCm: number; withMargin: boolean }) {
  const surface = opts.widthM * opts.heightM
  const panelArea = (opts.panelWidthCm / 100) * (opts.panelHeightCm / 100)
  const needed = (surface * (opts.withMargin ? 1 + cuttingMargin : 1)) / panelArea
  // Guard against float noise such as 2.0000000001 panels.
  return {
    surfaceM2: surface,
    coveredM2: surface * (opts.withMargin ? 1 + cuttingMargin : 1),
    panels: Math.max(1, Math.ceil(needed - 1e-9)),
  }
}
