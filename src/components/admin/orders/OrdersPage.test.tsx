// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, fakeTrpc, renderAtRoute, withTrpc } from '../../../lib/testing.tsx'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { parseOrdersSearch } from './orders-search.ts'
import { OrdersPage } from './OrdersPage.tsx'

afterEach(cleanup)
// The router scrolls to the top after a navigation: jsdom has no scrolling.
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}))

const noOrders: RouterOutputs['admin']['orders']['list'] = { orders: [], page: 1, pageSize: 25, total: 0, pageCount: 1 }

/** /admin/orders first visited at `url` (a link of the admin home's, say), in English. */
function renderOrders(url: string) {
  const { client, calls } = fakeTrpc(() => answer(noOrders))
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { router } = renderAtRoute({
    path: '/admin/orders',
    url,
    validateSearch: parseOrdersSearch,
    page: () => <OrdersPage />,
    language: 'en',
    wrap: (routed) => withTrpc(client, routed, queryClient),
  })
  /** What admin.orders.list was last asked. */
  const lastAsked = () => calls.filter((call) => call.path === 'admin.orders.list').at(-1)?.input
  return { router, lastAsked }
}

const deliverySelect = () => screen.getByLabelText<HTMLSelectElement>('Delivery')

describe('<OrdersPage> filtered by delivery method', () => {
  it('asks for the method the URL names (the admin home’s pickups to prepare) and shows it chosen', async () => {
    const { lastAsked } = renderOrders('/admin/orders?status=confirmed&payment=paid&delivery=pickup')
    await screen.findByText('No orders match these filters.')
    expect(lastAsked()).toEqual({ page: 1, status: 'confirmed', paymentStatus: 'paid', delivery: 'pickup' })
    expect(deliverySelect().value).toBe('pickup')
    expect([...deliverySelect().options].map((option) => [option.value, option.text])).toEqual([
      ['', 'All deliveries'],
      ['home', 'Home delivery'],
      ['pickup', 'Showroom pickup (Torrevieja)'],
    ])
  })

  it('puts the chosen method in the URL and in the list’s query, and takes it out for all deliveries', async () => {
    const { router, lastAsked } = renderOrders('/admin/orders?page=2')
    await screen.findByText('No orders yet')
    expect(lastAsked()).toEqual({ page: 2 })

    fireEvent.change(deliverySelect(), { target: { value: 'home' } })
    await waitFor(() => expect(lastAsked()).toEqual({ page: 1, delivery: 'home' }))
    // A new filter starts at the first page.
    expect(router.state.location.search).toEqual({ delivery: 'home' })
    expect(deliverySelect().value).toBe('home')

    fireEvent.change(deliverySelect(), { target: { value: '' } })
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    expect(lastAsked()).toEqual({ page: 1 })
  })

  it('leaves out a method it does not know', async () => {
    const { lastAsked } = renderOrders('/admin/orders?delivery=drone')
    await screen.findByText('No orders yet')
    expect(lastAsked()).toEqual({ page: 1 })
    expect(deliverySelect().value).toBe('')
  })
})
