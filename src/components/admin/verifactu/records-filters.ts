import { adminPageMax } from '../../../../core/admin-lists.ts'
import { verifactuRecordStates, type VerifactuRecordState } from '../../../../core/verifactu.ts'
import { parseMonth } from '../../../lib/verifactu-periods.ts'
import type { VerifactuSearch } from './verifactu-search.ts'

// The records table's filters, checked: what the URL says (verifactu-search.ts), anything malformed
// left out. They are admin.verifactu.records' input as they are: the loader and the table ask the
// same query.

export interface RecordFilters {
  state?: VerifactuRecordState
  /** YYYY-MM, a month in Spain. */
  month?: string
  page: number
}

export const isRecordState = (value: unknown): value is VerifactuRecordState => verifactuRecordStates.some((state) => state === value)

export function recordFilters(search: VerifactuSearch): RecordFilters {
  const page = search.page !== undefined && Number.isInteger(search.page) && search.page >= 1 && search.page <= adminPageMax ? search.page : 1
  const month = parseMonth(search.month)
  return {
    ...(isRecordState(search.state) ? { state: search.state } : {}),
    ...(month ? { month: month.value } : {}),
    page,
  }
}

/** Whether any filter narrows the table (its empty state then says no record matches). */
export const isFiltered = (filters: RecordFilters) => filters.state !== undefined || filters.month !== undefined
