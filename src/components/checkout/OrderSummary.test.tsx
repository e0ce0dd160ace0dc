// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import type { Cart } from '../../lib/cart.ts'
import { cartLine, cartOf, renderAsPage } from '../../lib/testing.tsx'
import { NothingToOrder, OrderSummary } from './OrderSummary.tsx'

afterEach(cleanup)

// An archived product's price moved too: it is not said, the line is not ordered.
const line = (id: string, nameEn: string, quantity: number, unitPriceCents: number, available: boolean) =>
  cartLine(id, nameEn, quantity, unitPriceCents, available, {
    photo: { imageKey: id, imageId: null, altEs: id, altEn: id },
    previousUnitPriceCents: available ? null : 1000,
  })

describe('<OrderSummary>', () => {
  it('orders only the products still sold, and lists an archived one apart, not counted in the total', () => {
    const oak = line('oak', 'Natural Oak Panel', 2, 6000, true)
    const marble = line('marble', 'White Carrara Marble Panel', 3, 8500, false)
    // The server's subtotal leaves the archived line out.
    const cart: Cart = cartOf([marble, oak])
    expect(cart.subtotalCents).toBe(12000)
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
    renderInLanguage(<OrderSummary cart={cartOf([oak])} />, 'es')
    expect(screen.queryByTestId('checkout-unavailable')).toBeNull()
    expect(screen.getByTestId('checkout-total').textContent).toBe('120,00\u00a0€')
    expect(screen.queryByRole('alert')).toBeNull()
    // No recargo de equivalencia for this buyer: no line for it.
    expect(screen.queryByTestId('checkout-surcharge')).toBeNull()
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Subtotal', 'Entrega', 'Total'])
    // No postal code yet: a shop that delivers free everywhere says so; one with rates waits for it.
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('Gratis')
    cleanup()
    renderInLanguage(<OrderSummary cart={cartOf([oak], null, { fromCents: 2_500, free: false, postalCode: null, estimate: null })} />, 'es')
    expect(screen.getByTestId('checkout-shipping').textContent).toBe('Según su código postal')
  })

  it('folds under “Show summary” with the order’s total, which follows the delivery chosen', () => {
    const oak = line('oak', 'Natural Oak Panel', 2, 6000, true)
    renderInLanguage(<OrderSummary cart={cartOf([oak])} />, 'en')
    const toggle = screen.getByTestId('checkout-summary-toggle')
    const details = toggle.closest('details')
    // A <details>: its <summary> opens it by keyboard and without JavaScript; closed until asked.
    expect(toggle.tagName).toBe('SUMMARY')
    expect(details?.open).toBe(false)
    expect(toggle.textContent).toBe('Show summaryHide summary·€120.00')
    expect(details?.querySelector('section')?.getAttribute('aria-labelledby')).toBe('summary-heading')
    const home = { method: 'home', zone: 'peninsula', priceCents: 2_500, minDays: 3, maxDays: 5, surchargeCents: 0, totalCents: 14_500 } as const
    cleanup()
    renderInLanguage(<OrderSummary cart={cartOf([oak])} delivery={home} />, 'en')
    expect(screen.getByTestId('checkout-summary-toggle').textContent).toContain('€145.00')
    cleanup()
    renderInLanguage(<OrderSummary cart={cartOf([oak])} />, 'es')
    expect(screen.getByTestId('checkout-summary-toggle').textContent).toBe('Ver resumenOcultar resumen·120,00\u00a0€')
  })

  it('shows the delivery chosen at the price the server gave, and the total the server made with it', () => {
    const oak = line('oak', 'Natural Oak Panel', 2, 6000, true)
    const home = { method: 'home', zone: 'peninsula', priceCents: 2_500, minDays: 3, maxDays: 5, surchargeCents: 0, totalCents: 14_500 } as const
    renderInLanguage(<OrderSummary cart={cartOf([oak])} delivery={home} />, 'es')
    expect(screen.getAllByRole('definition').map((definition) => definition.textContent)).toEqual(['120,00\u00a0€', '25,00\u00a0€', '145,00\u00a0€'])
    cleanup()
    const pickup = { method: 'pickup', priceCents: 0, minDays: 1, maxDays: 1, surchargeCents: 0, totalCents: 12_000 } as const
    renderInLanguage(<OrderSummary cart={cartOf([oak])} delivery={pickup} />, 'en')
    expect(screen.getAllByRole('definition').map((definition) => definition.textContent)).toEqual(['€120.00', 'Free', '€120.00'])
  })

  it.each([
    ['en', 'Equivalence surcharge (recargo de equivalencia, 5.2%)', ['€120.00', 'Free', '€5.16', '€125.16']],
    ['es', 'Recargo de equivalencia (5,2\u00a0%)', ['120,00\u00a0€', 'Gratis', '5,16\u00a0€', '125,16\u00a0€']],
  ] as const)(
    'shows the recargo de equivalencia between the subtotal and the total, and the server’s total with it (%s)',
    (language, label, amounts) => {
      const oak = line('oak', 'Natural Oak Panel', 2, 6000, true)
      renderInLanguage(<OrderSummary cart={cartOf([oak], { rateBasisPoints: 520, cents: 516 })} />, language)
      const terms = screen.getAllByRole('term').map((term) => term.textContent)
      expect(terms[2]).toBe(label)
      expect(terms).toHaveLength(4)
      expect(screen.getAllByRole('definition').map((definition) => definition.textContent)).toEqual(amounts)
      expect(screen.getByTestId('checkout-surcharge').textContent).toBe(amounts[2])
      expect(screen.getByTestId('checkout-total').textContent).toBe(amounts[3])
    },
  )

  it('says no order may be larger when the recargo takes the total above 999.999,99 €', () => {
    // 990.000,00 € of panels, payable alone, and a 5.2 % recargo on their taxable base.
    const top = line('top', 'Top panel', 99, 1_000_000, true)
    renderInLanguage(<OrderSummary cart={cartOf([top], { rateBasisPoints: 520, cents: 4_254_545 })} />, 'es')
    expect(screen.getByTestId('checkout-total').textContent).toBe('1.032.545,45\u00a0€')
    expect(screen.getByRole('alert').textContent).toBe(
      'Un pedido puede sumar como máximo 999.999,99\u00a0€. Divídalo en varios pedidos o contacte con nosotros.',
    )
    // Not folded away on a phone: this is to be read before paying.
    expect(screen.getByTestId('checkout-summary-toggle').closest('details')?.open).toBe(true)
  })

  it('comes open when a price changed since the shopper last saw it', () => {
    const oak = cartLine('oak', 'Natural Oak Panel', 2, 6000, true, {
      photo: { imageKey: 'oak', imageId: null, altEs: 'oak', altEn: 'oak' },
      previousUnitPriceCents: 5500,
    })
    renderInLanguage(<OrderSummary cart={cartOf([oak])} />, 'en')
    expect(screen.getByRole('status').textContent).toContain('Some prices have changed')
    expect(screen.getByTestId('checkout-summary-toggle').closest('details')?.open).toBe(true)
  })

  it.each([
    ['es', 'Un pedido puede sumar como máximo 999.999,99\u00a0€. Divídalo en varios pedidos o contacte con nosotros.'],
    ['en', 'An order can be at most €999,999.99. Please split it into several orders or contact us.'],
  ] as const)('says, beside a total above 999.999,99 €, that no order may be larger, as checkout would (%s)', (language, message) => {
    const top = line('top', 'Top panel', 999, 1_000_000, true)
    renderInLanguage(<OrderSummary cart={cartOf([top])} />, language)
    expect(screen.getByRole('alert').textContent).toBe(message)
  })

  it('says nothing at exactly 999.999,99 €', () => {
    const lines = [line('top', 'Top panel', 99, 1_000_000, true), line('under', 'Panel', 1, 999_999, true)]
    renderInLanguage(<OrderSummary cart={cartOf(lines)} />, 'es')
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
    const link = await renderNothing(cartOf([marble]))
    expect(link.getAttribute('href')).toBe('/shop')
    expect(document.body.textContent).toContain('Los paneles de su carrito ya no están a la venta')
    expect(screen.getByTestId('checkout-unavailable').textContent).toBe('Panel marble')
  })

  it('says an empty cart is empty', async () => {
    await renderNothing(cartOf([]))
    expect(document.body.textContent).toContain('El carrito está vacío')
    expect(screen.queryByTestId('checkout-unavailable')).toBeNull()
  })
})
