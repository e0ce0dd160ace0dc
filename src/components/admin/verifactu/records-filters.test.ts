import { describe, expect, it } from 'vitest'
import { isFiltered, recordFilters } from './records-filters.ts'
import { parseVerifactuSearch } from './verifactu-search.ts'

/** What the table asks admin.verifactu.records for a URL's search, as the router hands it over (already JSON-parsed). */
const askedFor = (search: Record<string, unknown>) => recordFilters(parseVerifactuSearch(search))

describe('the records table’s filters from the URL', () => {
  it('asks for every filter the URL has', () => {
    expect(askedFor({ state: 'rejected', month: '2026-12', page: 3 })).toEqual({ state: 'rejected', month: '2026-12', page: 3 })
    for (const state of ['pending', 'accepted', 'accepted_with_errors', 'rejected', 'conflict']) expect(askedFor({ state }).state).toBe(state)
    // No filter: the first page of every record.
    expect(askedFor({})).toEqual({ page: 1 })
  })

  it('leaves out what is malformed instead of asking the server something it refuses', () => {
    expect(askedFor({ state: 'lost', month: '2026-13', page: 0, other: 'x' })).toEqual({ page: 1 })
    expect(askedFor({ state: 'REJECTED', month: '2026-1' })).toEqual({ page: 1 })
    expect(askedFor({ month: '2026-00' })).toEqual({ page: 1 })
    // The router parses ?month=202612 as a number: not a month.
    expect(askedFor({ month: 202612 })).toEqual({ page: 1 })
    expect(askedFor({ page: 1.5 })).toEqual({ page: 1 })
    expect(askedFor({ page: 100_001 })).toEqual({ page: 1 })
    expect(askedFor({ page: '2' })).toEqual({ page: 1 })
    expect(askedFor({ state: { $ne: null } })).toEqual({ page: 1 })
  })

  it('knows whether anything filters (the page alone does not)', () => {
    expect(isFiltered(askedFor({ page: 2 }))).toBe(false)
    expect(isFiltered(askedFor({ state: 'pending' }))).toBe(true)
    expect(isFiltered(askedFor({ month: '2027-01' }))).toBe(true)
    expect(isFiltered(askedFor({ state: 'nope' }))).toBe(false)
  })
})
