// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { answer, fakeTrpc, renderAsPage, withTrpc } from '../../lib/testing.tsx'
import { AdminHome } from './AdminHome.tsx'

afterEach(cleanup)

const summary = {
  toShip: 3,
  pickupsToPrepare: 1,
  paymentsPending: 0,
  newMessages: 2,
  b2bRequests: 1,
  today: { day: '2026-11-28', orders: 2, totalCents: 45_600 },
  month: { from: '2026-11-01', to: '2026-11-28', orders: 14, totalCents: 1_234_500 },
}

function renderHome(language: 'es' | 'en') {
  const { client, calls } = fakeTrpc(() => answer(summary))
  renderAsPage(
    () => <AdminHome />,
    language,
    '/admin',
    (router) => withTrpc(client, router),
  )
  return calls
}

const tile = (testId: string) => screen.findByTestId(testId)

describe('<AdminHome>', () => {
  it('shows each figure as a link to the list that shows exactly it', async () => {
    const calls = renderHome('en')
    expect((await tile('summary-to-ship')).textContent).toBe('3orders to ship')
    expect((await tile('summary-to-ship')).getAttribute('href')).toBe('/admin/orders?status=confirmed&payment=paid&delivery=home')
    expect((await tile('summary-pickups')).textContent).toBe('1pickup to prepare')
    expect((await tile('summary-pickups')).getAttribute('href')).toBe('/admin/orders?status=confirmed&payment=paid&delivery=pickup')
    expect((await tile('summary-payments-pending')).getAttribute('href')).toBe('/admin/orders?status=pending')
    expect((await tile('summary-messages')).getAttribute('href')).toBe('/admin/messages?unanswered=true')
    expect((await tile('summary-requests')).getAttribute('href')).toBe('/admin/requests')
    expect((await tile('summary-today')).textContent).toBe('€456.00Today: 2 orders')
    expect((await tile('summary-today')).getAttribute('href')).toBe('/admin/orders?payment=paid&from=2026-11-28&to=2026-11-28')
    expect((await tile('summary-month')).textContent).toBe('€12,345.00This month: 14 orders')
    expect((await tile('summary-month')).getAttribute('href')).toBe('/admin/orders?payment=paid&from=2026-11-01&to=2026-11-28')
    // Work waiting stands out; nothing waiting does not.
    expect((await tile('summary-to-ship')).dataset.waiting).toBe('true')
    expect((await tile('summary-payments-pending')).dataset.waiting).toBe('false')
    expect(calls.map((call) => call.path)).toEqual(['admin.summary'])
  })

  it('speaks Spanish', async () => {
    renderHome('es')
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel de administración' })).toBeTruthy()
    expect((await tile('summary-requests')).textContent).toBe('1solicitud mayorista pendiente')
    expect((await tile('summary-messages')).textContent).toBe('2mensajes por responder')
    expect((await tile('summary-month')).textContent).toBe('12.345,00\u00a0€Este mes: 14 pedidos')
  })
})
