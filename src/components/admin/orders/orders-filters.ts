import { adminPageMax } from '../../../../core/admin-lists.ts'
import { paymentFilters, statusFilters, type PaymentFilter, type StatusFilter } from '../../../../core/order-flow.ts'
import type { OrdersSearch } from './orders-search.ts'
import { deliveryMethods, type DeliveryMethod } from '../../../../core/delivery.ts'
import { withdrawalFilters, type WithdrawalFilter } from '../../../../core/withdrawal.ts'

// The order table's filters, checked: what the URL says (orders-search.ts), anything malformed
// left out, and what admin.orders.list is asked for them.

export interface OrderFilters {
  q?: string
  status?: StatusFilter
  payment?: PaymentFilter
  delivery?: DeliveryMethod
  from?: string
  to?: string
  withdrawal?: WithdrawalFilter
  page: number
}

/** admin.orders.list's limit on the search text. */
export const ordersSearchMax = 100

const isOrderStatus = (value: unknown): value is StatusFilter => statusFilters.some((status) => status === value)
const isPaymentFilter = (value: unknown): value is PaymentFilter => paymentFilters.some((filter) => filter === value)
export const isDeliveryMethod = (value: unknown): value is DeliveryMethod => deliveryMethods.some((method) => method === value)
export const isWithdrawalFilter = (value: unknown): value is WithdrawalFilter => withdrawalFilters.some((filter) => filter === value)

/** A real calendar day written YYYY-MM-DD (what a date input gives): 2026-02-30 is not one. */
export function isDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

export function orderFilters(search: OrdersSearch): OrderFilters {
  const q = search.q?.trim().slice(0, ordersSearchMax)
  const page = search.page !== undefined && Number.isInteger(search.page) && search.page >= 1 && search.page <= adminPageMax ? search.page : 1
  return {
    ...(q ? { q } : {}),
    ...(isOrderStatus(search.status) ? { status: search.status } : {}),
    ...(isPaymentFilter(search.payment) ? { payment: search.payment } : {}),
    ...(isDeliveryMethod(search.delivery) ? { delivery: search.delivery } : {}),
    ...(isDay(search.from) ? { from: search.from } : {}),
    ...(isDay(search.to) ? { to: search.to } : {}),
    ...(isWithdrawalFilter(search.withdrawal) ? { withdrawal: search.withdrawal } : {}),
    page,
  }
}

/** What admin.orders.list takes. */
export interface OrdersListInput {
  page: number
  status?: StatusFilter
  paymentStatus?: PaymentFilter
  delivery?: DeliveryMethod
  from?: string
  to?: string
  search?: string
  withdrawal?: WithdrawalFilter
}

/** admin.orders.list's input for the filters: the loader and the table ask the same query. */
export function ordersListInput(filters: OrderFilters): OrdersListInput {
  return {
    page: filters.page,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.payment ? { paymentStatus: filters.payment } : {}),
    ...(filters.delivery ? { delivery: filters.delivery } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.q ? { search: filters.q } : {}),
    ...(filters.withdrawal ? { withdrawal: filters.withdrawal } : {}),
  }
}

/**
 * The orders export's address (`/admin/orders/export.csv|xlsx`) for the filters the table shows:
 * every matching order, not only the page on screen.
 */
export function ordersExportHref(filters: OrderFilters, format: 'csv' | 'xlsx'): string {
  const query = new URLSearchParams()
  for (const key of ['q', 'status', 'payment', 'delivery', 'from', 'to', 'withdrawal'] as const) {
    const value = filters[key]
    if (value !== undefined) query.set(key, value)
  }
  const search = query.toString()
  return `/admin/orders/export.${format}${search ? `?${search}` : ''}`
}

/** Whether any filter narrows the table (its empty state then says no order matches). */
export const isFiltered = (filters: OrderFilters) =>
  filters.q !== undefined ||
  filters.status !== undefined ||
  filters.payment !== undefined ||
  filters.delivery !== undefined ||
  filters.from !== undefined ||
  filters.to !== undefined ||
  filters.withdrawal !== undefined

/** A range that ends before it starts: no order can be in it (the form says so beside the end date). */
export const isInverted = (filters: OrderFilters) => filters.from !== undefined && filters.to !== undefined && filters.from > filters.to
