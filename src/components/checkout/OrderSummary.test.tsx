// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import type { Cart } from '../../lib/cart.ts'
import { cartLine, renderAsPage } from '../../lib/testing.tsx'
import { NothingToOrder, OrderSummary } from './OrderSummary.tsx'

afterEach(cleanup)

// An archived product's price moved too: it is not said, the line is not ordered.
const line = (id: string, nameEn: string, quantity: number, unitPriceCents: number, available: boolean) =>
  cartLine(id, nameEn, quantity, unitPriceCents, available, { imageKey: id, previousUnitPriceCents: available ? null : 1000 })

describe('<OrderSummary>', () => {
  it('orders only the products still sold, and lists an archived one apart, not counted in the total', () => {
    const oak = line('oak', 'Natural Oak Panel', 2, 6000, true)
    const marble = line('marble', 'White Carrara Marble Panel', 3, 8500, false)
    // The server's subtotal leaves the archived line out.
    const cart: Cart = { items: [marble, oak], count: 2, subtotalCents: 12000 }
    renderInLanguage(<OrderSummary cart={cart} />, 'en')
    const ordered = within(screen.getByRole('list', { name: 'Order summary' }))
    expect(ordered.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Natural Oak Panel2 × €60.00€120.00'])
    const apart = within(screen.getByTestId('checkout-unavailable'))
    expect(apart.getByRole('heading', { name: 'No longer available' })).toBeTruthy()
    expect(apart.getByRole('list', { name: 'No longer available' }).textContent).toBe('White Carrara Marble Panel')
    expect(screen.getByTestId('checkout-unavailable').textContent).not.toContain('€')
    expect(screen.getByTestId('checkout-total').textContent).toBe('€120.00')
    // Its changed price is not news: it is not part of the order.
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows no unavailable part when every product is still sold', () => {
    const oak = line('oak', 'Natural Oak Panel', 2, 6000, true)
    renderInLanguage(<OrderSummary cart={{ items: [oak], count: 2, subtotalCents: 12000 }} />, 'es')
    expect(screen.queryByTestId('checkout-unavailable')).toBeNull()
    expect(screen.getByTestId('checkout-total').textContent).toBe('120,00\u00a0€')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it.each([
    ['es', 'Un pedido puede sumar como máximo 999.999,99\u00a0€. Divídalo en varios pedidos o contacte con nosotros.'],
    ['en', 'An order can be at most €999,999.99. Please split it into several orders or contact us.'],
  ] as const)('says, beside a total above 999.999,99 €, that no order may be larger, as checkout would (%s)', (language, message) => {
    const top = line('top', 'Top panel', 999, 1_000_000, true)
    renderInLanguage(<OrderSummary cart={{ items: [top], count: 999, subtotalCents: top.lineTotalCents }} />, language)
    expect(screen.getByRole('alert').textContent).toBe(message)
  })

  it('says nothing at exactly 999.999,99 €', () => {
    const lines = [line('top', 'Top panel', 99, 1_000_000, true), line('under', 'Panel', 1, 999_999, true)]
    renderInLanguage(<OrderSummary cart={{ items: lines, count: 100, subtotalCents: 99_999_999 }} />, 'es')
    expect(screen.getByTestId('checkout-total').textContent).toBe('999.999,99\u00a0€')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('<NothingToOrder>', () => {
  async function renderNothing(cart: Cart) {
    renderAsPage(() => <NothingToOrder cart={cart} />, 'es', '/checkout')
    return screen.findByRole('link', { name: 'Ir a la tienda' })
  }

  it('says a cart of only archived products has nothing to order, names them, and leads back to the shop', async () => {
    const marble = line('marble', 'White Carrara Marble Panel', 3, 8500, false)
    const link = await renderNothing({ items: [marble], count: 0, subtotalCents: 0 })
    expect(link.getAttribute('href')).toBe('/shop')
    expect(document.body.textContent).toContain('Los paneles de su carrito ya no están a la venta')
    expect(screen.getByTestId('checkout-unavailable').textContent).toBe('Panel marble')
  })

  it('says an empty cart is empty', async () => {
    await renderNothing({ items: [], count: 0, subtotalCents: 0 })
    expect(document.body.textContent).toContain('El carrito está vacío')
    expect(screen.queryByTestId('checkout-unavailable')).toBeNull()
  })
})
