// The shop's search (docs/product.md#search, docs/decisions/035): what a query may be and the words
// the database looks for, one rule for the header's suggestions, the results page and the server.

export const searchLimits = {
  /** Characters of a query kept (a pasted paragraph is cut, not refused: it comes from a URL). */
  query: 100,
  /** Words of a query looked for: enough for "panel marmol blanco brillo 122 x 300". */
  terms: 8,
  /** Suggestions under the header's box as one types. */
  suggestions: 6,
  /** Products on a page of results. */
  perPage: 24,
  /** Pages of results one may ask for (24 × 40 panels is far beyond any catalog of panels). */
  pages: 40,
  /** Characters typed before suggestions appear: one letter would match half the catalog. */
  suggestFrom: 2,
} as const

/** A query as the search takes it, from the box or a URL: trimmed, a pasted paragraph cut to `searchLimits.query`. */
export const cutQuery = (value: string) => value.trim().slice(0, searchLimits.query)

/**
 * The words a query looks for: accents, case and punctuation gone ("Mármol-BLANCO" → marmol,
 * blanco), as the database's `shop_unaccent` leaves the catalog's texts; at most `searchLimits.terms`,
 * each once. Only letters and digits remain, so a word can never be read as query syntax.
 */
export function searchTerms(query: string): string[] {
  const words = query
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, 40))
  return [...new Set(words)].slice(0, searchLimits.terms)
}
