// The records table's filters live in the URL (/admin/verifactu?state=…&month=…&page=…), so a link
// (the admin's notice links to the rejected, conflicting and waiting records) or Back brings the
// same table. The route's validator is in every page's first download: it only picks the filters
// out of the URL, and records-filters.ts, which comes with the page's code, checks their values.

export interface VerifactuSearch {
  /** Where the records stand with the AEAT (core/verifactu.ts verifactuRecordStates). */
  state?: string
  /** Made in this month (YYYY-MM, in Spain). */
  month?: string
  page?: number
}

/** The route's `validateSearch`: the filters the URL has, as text (the page as a number). */
export function parseVerifactuSearch(search: Record<string, unknown>): VerifactuSearch {
  const { state, month, page } = search
  return {
    ...(typeof state === 'string' ? { state } : {}),
    ...(typeof month === 'string' ? { month } : {}),
    ...(typeof page === 'number' ? { page } : {}),
  }
}
