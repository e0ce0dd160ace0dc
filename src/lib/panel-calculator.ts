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

/**
 * The calculator's sizes as its form sends them without JavaScript (a GET to the product page:
 * `?width=3&height=2,5&margin=1`; the router reads "3" as a number, "2,5" as text). Undefined when
 * the page was not asked for a calculation. The margin is on only when sent (an unticked box sends nothing).
 */
export interface CalculatorSizes {
  width: string
  height: string
  withMargin: boolean
}
export interface CalculatorSearch {
  width?: string | number
  height?: string | number
  margin?: 1
}

const sideOf = (value: unknown): string | number | undefined =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= 12) ? value : undefined

/** The calculator's part of a product page's query, kept only when well formed. */
export function calculatorSearch(search: Record<string, unknown>): CalculatorSearch {
  const width = sideOf(search.width)
  const height = sideOf(search.height)
  if (width === undefined && height === undefined) return {}
  return { width: width ?? '', height: height ?? '', ...(search.margin === 1 ? { margin: 1 as const } : {}) }
}

export function calculatorSizes(search: CalculatorSearch): CalculatorSizes | undefined {
  if (search.width === undefined && search.height === undefined) return undefined
  return { width: String(search.width ?? ''), height: String(search.height ?? ''), withMargin: search.margin === 1 }
}

/** The panels sizes call for (at most `max`), or null when a side is not usable. */
export function panelsForSizes(sizes: CalculatorSizes, panel: { panelWidthCm: number; panelHeightCm: number }, max: number): number | null {
  const w = parseMetres(sizes.width)
  const h = parseMetres(sizes.height)
  if (!('value' in w) || !('value' in h)) return null
  return Math.min(panelsNeeded({ widthM: w.value, heightM: h.value, ...panel, withMargin: sizes.withMargin }).panels, max)
}
