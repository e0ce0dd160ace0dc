// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, fakeTrpc, renderAsPage, reply, withTrpc } from '../../lib/testing.tsx'
import { AdminHome } from './AdminHome.tsx'

afterEach(cleanup)
// The router scrolls to the top once the page is shown: jsdom has no scrolling.
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}))

const summary = {
  toShip: 3,
  pickupsToPrepare: 1,
  paymentsPending: 0,
  withdrawalsPending: 0,
  newMessages: 2,
  b2bRequests: 1,
  today: { day: '2026-11-28', orders: 2, totalCents: 45_600 },
  month: { from: '2026-11-01', to: '2026-11-28', orders: 14, totalCents: 1_234_500 },
}

function renderHome(language: 'es' | 'en', figures = summary) {
  const { client, calls } = fakeTrpc(() => answer(figures))
  renderAsPage(
    () => <AdminHome />,
    language,
    '/admin',
    (router) => withTrpc(client, router),
  )
  return calls
}

const tile = (testId: string) => screen.findByTestId(testId)

/** The summary's link named `name`: what a screen reader announces, and where it leads. */
const link = (name: string) => screen.findByRole('link', { name })

describe('<AdminHome>', () => {
  it('shows each figure as a link to the list that shows exactly it', async () => {
    const calls = renderHome('en')
    const href = async (name: string) => (await link(name)).getAttribute('href')
    expect(await href('3 orders to ship')).toBe('/admin/orders?status=to_ship&payment=unrefunded&delivery=home')
    expect(await href('1 pickup to prepare')).toBe('/admin/orders?status=to_ship&payment=unrefunded&delivery=pickup')
    expect(await href('0 orders awaiting payment')).toBe('/admin/orders?status=pending')
    expect(await href('2 messages to answer')).toBe('/admin/messages?unanswered=true')
    expect(await href('1 wholesale request waiting')).toBe('/admin/requests')
    expect(await href('€456.00 Today: 2 orders')).toBe('/admin/orders?payment=unrefunded&from=2026-11-28&to=2026-11-28')
    expect(await href('€12,345.00 This month: 14 orders')).toBe('/admin/orders?payment=unrefunded&from=2026-11-01&to=2026-11-28')
    // The same links by their test ids (the journeys find them so).
    expect((await tile('summary-to-ship')).textContent).toBe('3 orders to ship')
    expect((await tile('summary-pickups')).getAttribute('href')).toBe('/admin/orders?status=to_ship&payment=unrefunded&delivery=pickup')
    expect((await tile('summary-today')).textContent).toBe('€456.00 Today: 2 orders')
    // Work waiting stands out; nothing waiting does not.
    expect((await tile('summary-to-ship')).dataset.waiting).toBe('true')
    expect((await tile('summary-payments-pending')).dataset.waiting).toBe('false')
    expect(calls.map((call) => call.path)).toEqual(['admin.summary'])
  })

  it('says a day without sales plainly', async () => {
    renderHome('en', { ...summary, today: { day: '2026-11-28', orders: 0, totalCents: 0 } })
    expect(await link('€0.00 Today: no orders yet')).toBeTruthy()
  })

  it('speaks Spanish', async () => {
    renderHome('es')
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel de administración' })).toBeTruthy()
    expect((await tile('summary-requests')).textContent).toBe('1 solicitud mayorista pendiente')
    expect((await tile('summary-messages')).textContent).toBe('2 mensajes por responder')
    expect((await tile('summary-month')).textContent).toBe('12.345,00\u00a0€ Este mes: 14 pedidos')
  })

  it('says when the summary could not be loaded', async () => {
    const { client } = fakeTrpc((path) =>
      reply(500, { error: { message: 'down', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } } }),
    )
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    renderAsPage(
      () => <AdminHome />,
      'en',
      '/admin',
      (router) => withTrpc(client, router, queryClient),
    )
    expect((await screen.findByRole('alert')).textContent).toBe('The summary could not be loaded. Reload the page to try again.')
  })
})
