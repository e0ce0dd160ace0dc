/**
 * The admin's orders list as a file (docs/product.md#fulfilment): every order its filters select
 * (not only the page shown), newest first, as CSV for Excel in Spanish (UTF-8 with its byte order
 * mark, `;` between columns, decimal commas) or as an XLSX workbook (amounts as numbers, dates as
 * dates). Headings and states in the admin's language; text a spreadsheet would run as a formula is
 * escaped in both (books.ts's `safeCell`).
 */
import type { MessageDescriptor } from '@lingui/core'
import { stringify } from 'csv-stringify/sync'
import { desc, eq, sql } from 'drizzle-orm'
import writeXlsxFile, { type SheetData } from 'write-excel-file/node'
import type { Database } from '../../db/client.ts'
import { orderItems, orders } from '../../db/schema/index.ts'
import { translate } from '../../i18n.ts'
import { safeCell } from '../verifactu/books.ts'
import { adminOrderFilter, type AdminOrderFilters } from './views.ts'
import { deliveryMethodLabels, deliveryZoneLabels } from '../../../core/delivery.ts'
import type { Language } from '../../../core/language.ts'
import { orderStatusLabels, paymentLabelOf } from '../../../core/order-status-labels.ts'

/** More than a shop's orders of several years: a file beyond it would be too big to open anyway. */
export const exportMaxOrders = 20_000

const columns = [
  'number',
  'placedAt',
  'name',
  'email',
  'phone',
  'status',
  'payment',
  'delivery',
  'postalCode',
  'city',
  'panels',
  'subtotal',
  'shipping',
  'surcharge',
  'total',
] as const
type Column = (typeof columns)[number]

const headings: Record<Column, MessageDescriptor> = {
  number: /*i18n*/ { id: 'orders_export.number', message: 'Order' },
  placedAt: /*i18n*/ { id: 'orders_export.placed_at', message: 'Placed (Spain’s time)' },
  name: /*i18n*/ { id: 'orders_export.name', message: 'Customer' },
  email: /*i18n*/ { id: 'orders_export.email', message: 'Email' },
  phone: /*i18n*/ { id: 'orders_export.phone', message: 'Phone' },
  status: /*i18n*/ { id: 'orders_export.status', message: 'Status' },
  payment: /*i18n*/ { id: 'orders_export.payment', message: 'Payment' },
  delivery: /*i18n*/ { id: 'orders_export.delivery', message: 'Delivery' },
  postalCode: /*i18n*/ { id: 'orders_export.postal_code', message: 'Postal code' },
  city: /*i18n*/ { id: 'orders_export.city', message: 'City' },
  panels: /*i18n*/ { id: 'orders_export.panels', message: 'Panels' },
  subtotal: /*i18n*/ { id: 'orders_export.subtotal', message: 'Panels (€, VAT included)' },
  shipping: /*i18n*/ { id: 'orders_export.shipping', message: 'Delivery (€)' },
  surcharge: /*i18n*/ { id: 'orders_export.surcharge', message: 'Recargo de equivalencia (€)' },
  total: /*i18n*/ { id: 'orders_export.total', message: 'Total (€)' },
}

/** Placed-at as Spain's wall clock, `YYYY-MM-DD HH:MM`. */
const placedAt = sql<string>`to_char(${orders.createdAt} at time zone 'Europe/Madrid', 'YYYY-MM-DD HH24:MI')`

/** The orders the filters select (the list's own rule), newest first, at most `exportMaxOrders`. */
export async function orderExportRows(db: Database, filters: Omit<AdminOrderFilters, 'page'>) {
  return db
    .select({
      number: orders.orderNumber,
      placedAt,
      name: orders.customerName,
      email: orders.customerEmail,
      phone: orders.customerPhone,
      status: orders.status,
      payment: orders.paymentStatus,
      deliveryMethod: orders.deliveryMethod,
      deliveryZone: orders.deliveryZone,
      address: orders.shippingAddress,
      panels: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
      subtotalCents: orders.subtotalCents,
      shippingCents: orders.shippingCostCents,
      surchargeCents: orders.taxCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(adminOrderFilter({ ...filters, page: 1 }))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(exportMaxOrders)
}

export type OrderExportRow = Awaited<ReturnType<typeof orderExportRows>>[number]

/** A row's cells in the columns' order: text, or numbers (euros, panels). */
function cells(row: OrderExportRow, language: Language): Array<string | number> {
  const method = translate(language, deliveryMethodLabels[row.deliveryMethod])
  const delivery =
    row.deliveryMethod === 'home' && row.deliveryZone ? `${method} (${translate(language, deliveryZoneLabels[row.deliveryZone])})` : method
  return [
    row.number,
    row.placedAt,
    row.name,
    row.email,
    row.phone,
    translate(language, orderStatusLabels[row.status]),
    translate(language, paymentLabelOf(row.status, row.payment)),
    delivery,
    row.address?.postal_code ?? '',
    row.address?.city ?? '',
    row.panels,
    row.subtotalCents / 100,
    row.shippingCents / 100,
    row.surchargeCents / 100,
    row.totalCents / 100,
  ]
}

const isMoney = (column: Column) => column === 'subtotal' || column === 'shipping' || column === 'surcharge' || column === 'total'

/** The orders as CSV for Excel in Spanish: UTF-8 with its byte order mark, `;` between columns, decimal commas. */
export function ordersCsv(rows: readonly OrderExportRow[], language: Language): string {
  const records = rows.map((row) =>
    cells(row, language).map((value, i) =>
      typeof value === 'number' ? (isMoney(columns[i]!) ? value.toFixed(2).replace('.', ',') : String(value)) : safeCell(value),
    ),
  )
  return `\uFEFF${stringify([columns.map((column) => translate(language, headings[column])), ...records], { delimiter: ';', record_delimiter: '\r\n' })}`
}

/** The orders as an Excel workbook: amounts as numbers with two decimals, the placing as a date and time. */
export async function ordersXlsx(rows: readonly OrderExportRow[], language: Language): Promise<Buffer> {
  const data: SheetData = [
    columns.map((column) => ({ value: translate(language, headings[column]), fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      cells(row, language).map((value, i) => {
        const column = columns[i]!
        if (typeof value === 'number') return isMoney(column) ? { value, type: Number, format: '#,##0.00' } : { value, type: Number }
        // Spain's wall clock, kept as such (a spreadsheet's dates have no time zone).
        if (column === 'placedAt') return { value: new Date(`${value.replace(' ', 'T')}:00Z`), type: Date, format: 'dd/mm/yyyy hh:mm' }
        return { value: safeCell(value), type: String }
      }),
    ),
  ]
  return writeXlsxFile(data, { sheet: translate(language, /*i18n*/ { id: 'orders_export.sheet', message: 'Orders' }), stickyRowsCount: 1 }).toBuffer()
}
