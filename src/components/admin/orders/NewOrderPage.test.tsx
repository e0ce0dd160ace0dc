// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answer, fakeTrpc, renderAtRoute, reply, withTrpc } from '../../../lib/testing.tsx'
import { toast } from '../../../lib/toast.ts'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { NewOrderPage } from './NewOrderPage.tsx'

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

afterEach(cleanup)
// The router scrolls to the top after a navigation: jsdom has no scrolling.
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}))

type ProductRow = RouterOutputs['admin']['products']['list']['items'][number]

const category = { id: '00000000-0000-4000-8000-0000000000c1', nameEs: 'Paneles de madera', nameEn: 'Wood panels' }
const product = (id: string, nameEn: string, priceRetailCents: number): ProductRow => ({
  id,
  slug: nameEn.toLowerCase().replace(/\s+/g, '-'),
  nameEs: `Panel ${nameEn}`,
  nameEn,
  priceRetailCents,
  priceWholesaleCents: priceRetailCents - 500,
  featured: false,
  status: 'published',
  archivedAt: null,
  category,
})
const oak = product('00000000-0000-4000-8000-000000000001', 'Oak slats', 2_490)
const walnut = product('00000000-0000-4000-8000-000000000002', 'Walnut slats', 3_290)
const productList: RouterOutputs['admin']['products']['list'] = { items: [oak, walnut], total: 2, page: 1, pageSize: 25 }

const price: RouterOutputs['admin']['orders']['price'] = {
  customer: { found: true, name: 'Lucía Pérez', wholesale: true },
  lines: [
    { productId: oak.id, name: 'Oak slats', quantity: 3, unitPriceCents: 1_990, listPriceCents: 1_990, subtotalCents: 5_970, leadTimeDays: null },
    {
      productId: walnut.id,
      name: 'Walnut slats',
      quantity: 2,
      unitPriceCents: 2_790,
      listPriceCents: 2_790,
      subtotalCents: 5_580,
      leadTimeDays: null,
    },
  ],
  delivery: { method: 'home', zone: 'peninsula', priceCents: 2_500, minDays: 3, maxDays: 5 },
  deliveryOptions: [
    { method: 'home', zone: 'peninsula', priceCents: 2_500, minDays: 3, maxDays: 5 },
    { method: 'pickup', priceCents: 0, minDays: 1, maxDays: 1 },
  ],
  surchargeCents: 0,
  surchargeRateBasisPoints: 520,
  totalCents: 14_050,
}

const created: RouterOutputs['admin']['orders']['create'] = {
  id: '00000000-0000-4000-8000-0000000000aa',
  orderNumber: 'ORD-77',
  paymentUrl: 'https://shop.test/payment-link?token=abc',
  payableUntil: '2026-12-05T10:00:00.000Z',
}

function serveShop(create: () => Response = () => answer(created)) {
  return (path: string) => {
    if (path === 'admin.products.list') return answer(productList)
    if (path === 'admin.orders.price') return answer(price)
    if (path === 'admin.orders.create') return create()
    return reply(404, { error: { message: 'Not found', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path } } })
  }
}

/** /admin/orders/new in English, its server faked. */
function renderNewOrder(serve = serveShop()) {
  const { client, calls } = fakeTrpc(serve)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { router } = renderAtRoute({
    path: '/admin/orders/new',
    page: () => <NewOrderPage />,
    language: 'en',
    wrap: (routed) => withTrpc(client, routed, queryClient),
  })
  return { router, calls }
}

const lineGroups = () => screen.getAllByRole('group', { name: /^Line \d+$/ })
const productOf = (line: HTMLElement) => within(line).getByLabelText<HTMLSelectElement>('Product')
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('<NewOrderPage>', () => {
  it('adds and removes product lines, the keyboard following the line', async () => {
    renderNewOrder()
    await screen.findByRole('option', { name: 'Oak slats · €24.90' })
    expect(lineGroups()).toHaveLength(1)

    fireEvent.change(productOf(lineGroups()[0]!), { target: { value: oak.id } })
    fireEvent.click(screen.getByRole('button', { name: 'Add a product' }))
    expect(lineGroups()).toHaveLength(2)
    // The new line's product takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(productOf(lineGroups()[1]!)))
    fireEvent.change(productOf(lineGroups()[1]!), { target: { value: walnut.id } })

    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }))
    expect(lineGroups()).toHaveLength(1)
    // What was line 2 is line 1 now, its product kept; the focus is on it.
    expect(productOf(lineGroups()[0]!).value).toBe(walnut.id)
    await waitFor(() => expect(document.activeElement).toBe(productOf(lineGroups()[0]!)))

    // With no line left, "Add a product" has the focus, and creating says a product is missing.
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }))
    expect(screen.queryAllByRole('group', { name: /^Line \d+$/ })).toHaveLength(0)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a product' })))
  })

  it('shows the price the server asks, then creates the order with the form’s input and opens it', async () => {
    const { calls, router } = renderNewOrder()
    await screen.findByRole('option', { name: 'Oak slats · €24.90' })
    type('Email', 'lucia@example.com')
    type('Full name', 'Lucía Pérez')
    type('Phone', '600 111 222')
    type('Language of the order', 'en')
    type('Address', 'Calle Mayor 12')
    type('Postal code', '03181')
    type('City', 'Torrevieja')
    const [first] = lineGroups()
    fireEvent.change(productOf(first!), { target: { value: oak.id } })
    fireEvent.change(within(first!).getByLabelText('Panels'), { target: { value: '3' } })
    fireEvent.change(within(first!).getByLabelText('Agreed price per panel (€, IVA included)'), { target: { value: '19,90' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add a product' }))
    const second = lineGroups()[1]!
    fireEvent.change(productOf(second), { target: { value: walnut.id } })
    fireEvent.change(within(second).getByLabelText('Panels'), { target: { value: '2' } })

    // Once the typing pauses, the summary shows what the server would charge.
    const summary = screen.getByTestId('new-order-summary')
    await within(summary).findByText('Total €140.50', {}, { timeout: 2_000 })
    expect(within(summary).getByTestId('new-order-customer').textContent).toContain('Existing wholesale customer: Lucía Pérez')
    expect(within(summary).getByTestId('new-order-total').textContent).toBe('€140.50')
    expect(within(summary).getByTestId('new-order-delivery').textContent).toBe('Home delivery (Peninsula) · 3–5 working days · €25.00')
    expect(calls.filter((call) => call.path === 'admin.orders.price').at(-1)?.input).toEqual({
      language: 'en',
      delivery: 'home',
      postalCode: '03181',
      email: 'lucia@example.com',
      lines: [
        { productId: oak.id, quantity: 3, agreedPriceCents: 1_990 },
        { productId: walnut.id, quantity: 2, agreedPriceCents: null },
      ],
    })

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create order and send payment link' }))
    })
    await waitFor(() => expect(calls.filter((call) => call.path === 'admin.orders.create')).toHaveLength(1))
    const sent = calls.find((call) => call.path === 'admin.orders.create')!.input
    expect(sent).toEqual({
      requestKey: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      language: 'en',
      delivery: 'home',
      addressConfirmed: false,
      shipping: {
        full_name: 'Lucía Pérez',
        email: 'lucia@example.com',
        phone: '600 111 222',
        address_line1: 'Calle Mayor 12',
        address_line2: '',
        postal_code: '03181',
        city: 'Torrevieja',
        state: '',
        country: 'ES',
      },
      lines: [
        { productId: oak.id, quantity: 3, agreedPriceCents: 1_990 },
        { productId: walnut.id, quantity: 2, agreedPriceCents: null },
      ],
    })
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/orders/${created.id}`))
    expect(toast.success).toHaveBeenCalledWith('Order ORD-77 created: the payment link was sent to lucia@example.com')
  })

  it('checks the form before sending, and puts the server’s refusal beside its field', async () => {
    const refusal = reply(400, {
      error: {
        message: 'Enter a 5-digit postal code, e.g. 03181',
        code: -32600,
        data: {
          code: 'BAD_REQUEST',
          httpStatus: 400,
          path: 'admin.orders.create',
          field: null,
          zodIssues: [{ path: ['shipping', 'postal_code'], code: 'custom', message: 'This postal code is not delivered to' }],
        },
      },
    })
    const { calls } = renderNewOrder(serveShop(() => refusal))
    await screen.findByRole('option', { name: 'Oak slats · €24.90' })
    // Pickup: no address asked.
    type('Delivery method', 'pickup')
    expect(screen.queryByLabelText('Address')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create order and send payment link' }))
    })
    expect(await screen.findByText('Choose the product of this line')).toBeTruthy()
    expect(calls.filter((call) => call.path === 'admin.orders.create')).toEqual([])

    type('Delivery method', 'home')
    type('Email', 'new@example.com')
    type('Full name', 'Ana López')
    type('Phone', '600 111 222')
    type('Address', 'Calle Mayor 12')
    type('Postal code', '03181')
    type('City', 'Torrevieja')
    fireEvent.change(productOf(lineGroups()[0]!), { target: { value: oak.id } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create order and send payment link' }))
    })
    expect(await screen.findByText('This postal code is not delivered to')).toBeTruthy()
    const postalCode = screen.getByLabelText('Postal code')
    expect(postalCode.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(postalCode))
  })
})
