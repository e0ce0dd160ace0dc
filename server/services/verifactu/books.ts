/**
 * The libro registro de facturas expedidas (docs/decisions/028) of a month or a quarter, for the
 * company's accountant: every invoice issued in it (Spain's days), in the order of its series, with
 * the buyer, the IVA breakdown, the recargo de equivalencia, the total and the invoice it corrects
 * or replaces. As CSV (csv-stringify; the semicolons, decimal commas and byte order mark Excel in
 * Spanish opens as columns) and as XLSX (write-excel-file). Headings in the admin's language.
 */
import type { MessageDescriptor } from '@lingui/core'
import { stringify } from 'csv-stringify/sync'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import writeXlsxFile, { type SheetData } from 'write-excel-file/node'
import type { Database } from '../../db/client.ts'
import { invoices, verifactuRecords } from '../../db/schema/index.ts'
import { translate } from '../../i18n.ts'
import type { Language } from '../../../core/language.ts'
import type { InvoiceType } from '../../../core/invoices.ts'

/** A month (`2026-12`) or a quarter (`2026-Q4`), as the owner's page offers them. */
export interface BookPeriod {
  name: string
  /** Spain's days, both included: `YYYY-MM-DD`. */
  from: string
  to: string
}

const pad = (n: number) => String(n).padStart(2, '0')
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The period a `YYYY-MM` or `YYYY-QN` names; null for anything else. */
export function bookPeriod(text: string): BookPeriod | null {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text)
  const quarter = /^(\d{4})-Q([1-4])$/.exec(text)
  const year = Number((month ?? quarter)?.[1])
  if (!year || year < 2000 || year > 2999) return null
  const [first, last] = month ? [Number(month[2]), Number(month[2])] : [Number(quarter![2]) * 3 - 2, Number(quarter![2]) * 3]
  return { name: text, from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay(year, last))}` }
}

export interface BookRow {
  number: string
  /** The day it was issued, in Spain. */
  issuedOn: string
  /** The operation's day in Spain, when it is not the (art. 63.3 RIVA). */
  operatedOn: string | null
  type: InvoiceType
  buyerTaxId: string | null
  buyerIdType: string | null
  buyerCountry: string | null
  buyerName: string
  taxableBaseCents: number
  taxRateBasisPoints: number
  taxCents: number
  surchargeRateBasisPoints: number
  surchargeCents: number
  totalCents: number
  /** The invoice a corrective invoice corrects, or the simplified one a full one replaces. */
  references: string | null
  voided: boolean
}

const spainDay = sql<string>`to_char(${invoices.issuedAt} at time zone 'Europe/Madrid', 'YYYY-MM-DD')`
const operationDay = sql<string | null>`to_char(${invoices.operatedAt} at time zone 'Europe/Madrid', 'YYYY-MM-DD')`

/** The invoices issued in a period, the invoice series first, each in its numbers' order. */
export async function bookRows(db: Database, period: BookPeriod): Promise<BookRow[]> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      type: invoices.aeatType,
      buyer: invoices.buyer,
      taxableBaseCents: invoices.taxableBaseCents,
      taxRateBasisPoints: invoices.taxRateBasisPoints,
      taxCents: invoices.taxCents,
      surchargeRateBasisPoints: invoices.surchargeRateBasisPoints,
      surchargeCents: invoices.surchargeCents,
      totalCents: invoices.totalCents,
      referencedId: sql<string | null>`coalesce(${invoices.correctsId}, ${invoices.replacesId})`,
      issuedOn: spainDay,
      operatedOn: operationDay,
    })
    .from(invoices)
    .where(sql`(${invoices.issuedAt} at time zone 'Europe/Madrid')::date between ${period.from}::date and ${period.to}::date`)
    .orderBy(asc(invoices.kind), asc(invoices.year), asc(invoices.sequence))
  const referencedIds = rows.flatMap((row) => (row.referencedId ? [row.referencedId] : []))
  const referenced =
    referencedIds.length > 0
      ? await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, referencedIds))
      : []
  const voided =
    rows.length > 0
      ? await db
          .select({ invoiceId: verifactuRecords.invoiceId })
          .from(verifactuRecords)
          .where(
            and(
              eq(verifactuRecords.kind, 'anulacion'),
              inArray(
                verifactuRecords.invoiceId,
                rows.map((row) => row.id),
              ),
            ),
          )
      : []
  const numberOf = new Map(referenced.map((row) => [row.id, row.number]))
  const voidedIds = new Set(voided.map((row) => row.invoiceId))
  return rows.map(({ id, buyer, referencedId, ...row }) => ({
    ...row,
    buyerTaxId: buyer.taxId,
    buyerIdType: buyer.taxId ? (buyer.idType ?? 'nif') : null,
    buyerCountry: buyer.taxId ? (buyer.country ?? 'ES') : null,
    buyerName: buyer.company ?? buyer.name,
    references: referencedId ? (numberOf.get(referencedId) ?? null) : null,
    voided: voidedIds.has(id),
  }))
}

const columns = [
  'number',
  'date',
  'operationDate',
  'type',
  'idType',
  'taxId',
  'country',
  'name',
  'base',
  'rate',
  'tax',
  'surchargeRate',
  'surcharge',
  'total',
  'references',
  'voided',
] as const
type Column = (typeof columns)[number]

const headings: Record<Column, MessageDescriptor> = {
  number: /*i18n*/ { id: 'book.number', message: 'Invoice number' },
  date: /*i18n*/ { id: 'book.date', message: 'Date issued' },
  operationDate: /*i18n*/ { id: 'book.operationDate', message: 'Date of the operation (when another)' },
  type: /*i18n*/ { id: 'book.type', message: 'Type' },
  idType: /*i18n*/ { id: 'book.idType', message: 'Buyer’s id type' },
  taxId: /*i18n*/ { id: 'book.taxId', message: 'Buyer’s tax id' },
  country: /*i18n*/ { id: 'book.country', message: 'Country' },
  name: /*i18n*/ { id: 'book.name', message: 'Buyer' },
  base: /*i18n*/ { id: 'book.base', message: 'Taxable base' },
  rate: /*i18n*/ { id: 'book.rate', message: 'IVA rate (%)' },
  tax: /*i18n*/ { id: 'book.tax', message: 'IVA' },
  surchargeRate: /*i18n*/ { id: 'book.surchargeRate', message: 'Recargo de equivalencia rate (%)' },
  surcharge: /*i18n*/ { id: 'book.surcharge', message: 'Recargo de equivalencia' },
  total: /*i18n*/ { id: 'book.total', message: 'Total' },
  references: /*i18n*/ { id: 'book.references', message: 'Corrected or replaced invoice' },
  voided: /*i18n*/ { id: 'book.voided', message: 'Voided (issued in error)' },
}

const euros = (cents: number) => cents / 100
const percent = (basisPoints: number) => basisPoints / 100

/** A row's cells: text, or numbers (euros, percent), in the columns' order. */
function cells(row: BookRow, yes: string): Array<string | number> {
  return [
    row.number,
    row.issuedOn,
    row.operatedOn ?? '',
    row.type,
    row.buyerIdType ?? '',
    row.buyerTaxId ?? '',
    row.buyerCountry ?? '',
    row.buyerName,
    euros(row.taxableBaseCents),
    percent(row.taxRateBasisPoints),
    euros(row.taxCents),
    percent(row.surchargeRateBasisPoints),
    euros(row.surchargeCents),
    euros(row.totalCents),
    row.references ?? '',
    row.voided ? yes : '',
  ]
}

const yesOf = (language: Language) => translate(language, /*i18n*/ { id: 'book.yes', message: 'yes' })

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) gets an
 * apostrophe before it: a buyer named "=HYPERLINK(…)" stays a name (OWASP's CSV injection advice).
 */
export const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

const spanishDay = (day: string) => day.split('-').reverse().join('/')
const isDay = (column: Column | undefined) => column === 'date' || column === 'operationDate'
const decimalComma = (value: number, decimals: number) => value.toFixed(decimals).replace('.', ',')

/** The book as CSV for Excel in Spanish: UTF-8 with its byte order mark, `;` between columns, decimal commas, days as dd/mm/yyyy. */
export function bookCsv(rows: readonly BookRow[], language: Language): string {
  const yes = yesOf(language)
  const records = rows.map((row) =>
    cells(row, yes).map((value, i) => {
      if (typeof value === 'number') return decimalComma(value, 2)
      return isDay(columns[i]) && value !== '' ? spanishDay(value) : safeCell(value)
    }),
  )
  return `\uFEFF${stringify([columns.map((column) => translate(language, headings[column])), ...records], { delimiter: ';', record_delimiter: '\r\n' })}`
}

/** The book as an Excel workbook: amounts as numbers with two decimals, days as dates. */
export async function bookXlsx(rows: readonly BookRow[], language: Language, sheetName: string): Promise<Buffer> {
  const yes = yesOf(language)
  const data: SheetData = [
    columns.map((column) => ({ value: translate(language, headings[column]), fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      cells(row, yes).map((value, i) => {
        if (typeof value === 'number') return { value, type: Number, format: '#,##0.00' }
        if (isDay(columns[i]) && value !== '') return { value: new Date(`${value}T00:00:00Z`), type: Date, format: 'dd/mm/yyyy' }
        return { value, type: String }
      }),
    ),
  ]
  return writeXlsxFile(data, { sheet: sheetName, stickyRowsCount: 1 }).toBuffer()
}
