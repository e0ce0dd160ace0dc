import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isDay, isFiltered, isInverted, orderFilters, ordersExportHref, ordersListInput } from './orders-filters.ts'
import { parseOrdersSearch } from './orders-search.ts'

/** What the table asks admin.orders.list for a URL's search, as the router hands it over (already JSON-parsed). */
const askedFor = (search: Record<string, unknown>) => ordersListInput(orderFilters(parseOrdersSearch(search)))

describe('the order table’s filters from the URL', () => {
  it('asks for every filter the URL has', () => {
    expect(
      askedFor({ q: ' lucia@example.com ', status: 'shipped', payment: 'paid', delivery: 'pickup', from: '2026-03-01', to: '2026-03-31', page: 3 }),
    ).toEqual({
      page: 3,
      status: 'shipped',
      paymentStatus: 'paid',
      delivery: 'pickup',
      from: '2026-03-01',
      to: '2026-03-31',
      search: 'lucia@example.com',
    })
    // No filter: the dashboard's query, the same one its loader fetched.
    expect(askedFor({})).toEqual({ page: 1 })
  })

  it('searches digits as text (the router parses ?q=1795 as a number)', () => {
    expect(askedFor({ q: 1795 })).toEqual({ page: 1, search: '1795' })
  })

  it('leaves out what is malformed instead of asking the server something it refuses', () => {
    expect(
      askedFor({ q: '   ', status: 'lost', payment: 'PAID', delivery: 'drone', from: '2026-02-30', to: '31/03/2026', page: 0, other: 'x' }),
    ).toEqual({
      page: 1,
    })
    expect(askedFor({ page: 1.5 })).toEqual({ page: 1 })
    expect(askedFor({ page: 100_001 })).toEqual({ page: 1 })
    expect(askedFor({ status: { $ne: null } })).toEqual({ page: 1 })
    expect(askedFor({ q: 'x'.repeat(150) }).search).toHaveLength(100)
  })

  it('knows an end date before the start date, and whether anything filters at all', () => {
    expect(isInverted(orderFilters({ from: '2026-03-02', to: '2026-03-01' }))).toBe(true)
    expect(isInverted(orderFilters({ from: '2026-03-01', to: '2026-03-01' }))).toBe(false)
    expect(isInverted(orderFilters({ to: '2026-03-01' }))).toBe(false)
    expect(isFiltered(orderFilters({ page: 2 }))).toBe(false)
    expect(isFiltered(orderFilters({ payment: 'failed' }))).toBe(true)
  })

  // admin.orders.list checks its days with zod's z.iso.date(): the page never sends one it refuses.
  it.each(['2026-03-01', '2024-02-29', '2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00', '', 20260101])(
    'agrees with the server on whether %s is a day',
    (sample) => {
      expect(isDay(sample)).toBe(z.iso.date().safeParse(sample).success)
    },
  )
})

describe('the orders export’s address', () => {
  it('carries the table’s filters, never its page', () => {
    const filters = orderFilters(
      parseOrdersSearch({ q: 'lucía', status: 'confirmed', payment: 'paid', delivery: 'home', from: '2026-11-01', page: 3 }),
    )
    expect(ordersExportHref(filters, 'csv')).toBe('/admin/orders/export.csv?q=luc%C3%ADa&status=confirmed&payment=paid&delivery=home&from=2026-11-01')
    expect(ordersExportHref(orderFilters({}), 'xlsx')).toBe('/admin/orders/export.xlsx')
  })
})
