// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Cart } from '../../lib/cart.ts'
import { answer, cartLine, cartOf, fakeTrpc, renderAsPage, withTrpc } from '../../lib/testing.tsx'
import { CartDrawerPanel } from './CartDrawerPanel.tsx'

afterEach(cleanup)

/** The open drawer over a cart the server answers with, in English unless told. */
async function renderDrawer(cart: Cart, language: 'es' | 'en' = 'en', serve: (path: string, input: unknown) => Response = () => answer(cart)) {
  const { client, calls } = fakeTrpc(serve)
  const trigger = createRef<HTMLButtonElement>()
  renderAsPage(
    () => <CartDrawerPanel open trigger={trigger} />,
    language,
    '/',
    (router) => withTrpc(client, router),
  )
  const drawer = await screen.findByRole('dialog', { name: language === 'es' ? 'Su carrito' : 'Your cart' })
  await within(drawer).findByRole('list')
  return Object.assign(drawer, { calls })
}

describe('<CartDrawerPanel>', () => {
  it('leaves an archived product out of the count and the sums, and still offers checkout for the rest', async () => {
    const oak = cartLine('oak', 'Natural Oak Panel', 2, 6000, true)
    const marble = cartLine('marble', 'White Carrara Marble Panel', 3, 8500, false)
    const drawer = await renderDrawer(cartOf([oak, marble]))
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(2)
    expect(within(drawer).getByTestId('cart-line-unavailable').textContent).toContain('No longer available')
    expect(within(drawer).getByText('2 panels')).toBeTruthy()
    expect(within(drawer).getByTestId('cart-subtotal').textContent).toBe('€120.00')
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('€120.00')
    expect(within(drawer).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout')
    // No recargo de equivalencia for this buyer: no line for it.
    expect(within(drawer).queryByTestId('cart-surcharge')).toBeNull()
    expect(drawer.textContent).not.toContain('recargo')
  })

  it.each([
    ['en', 'Equivalence surcharge (recargo de equivalencia, 5.2%)', '€5.16', '€120.00', '€125.16'],
    ['es', 'Recargo de equivalencia (5,2\u00a0%)', '5,16\u00a0€', '120,00\u00a0€', '125,16\u00a0€'],
  ] as const)(
    'shows the recargo de equivalencia on its own line and the server’s total with it (%s)',
    async (language, label, surcharge, subtotal, total) => {
      const oak = cartLine('oak', 'Natural Oak Panel', 2, 6000, true)
      const drawer = await renderDrawer(cartOf([oak], { rateBasisPoints: 520, cents: 516 }), language)
      expect(within(drawer).getByTestId('cart-subtotal').textContent).toBe(subtotal)
      expect(within(drawer).getByTestId('cart-surcharge').textContent).toBe(`${label}${surcharge}`)
      expect(within(drawer).getByTestId('cart-total').textContent).toBe(total)
      // Between the subtotal and the total.
      const rows = [...drawer.querySelectorAll('[data-testid]')].map((element) => element.getAttribute('data-testid'))
      expect(rows.indexOf('cart-surcharge')).toBeGreaterThan(rows.indexOf('cart-subtotal'))
      expect(rows.indexOf('cart-surcharge')).toBeLessThan(rows.indexOf('cart-total'))
    },
  )

  it('warns when the recargo takes the total above what one payment can take', async () => {
    // 990.000,00 € of panels, payable alone, and a 5.2 % recargo on their taxable base.
    const top = cartLine('top', 'Top panel', 99, 1_000_000, true)
    const drawer = await renderDrawer(cartOf([top], { rateBasisPoints: 520, cents: 4_254_545 }))
    expect(within(drawer).getByRole('alert').textContent).toBe(
      'An order can be at most €999,999.99. Please split it into several orders or contact us.',
    )
  })

  it('says there is nothing to order when every product in the cart is archived, and leads back to the shop', async () => {
    const marble = cartLine('marble', 'White Carrara Marble Panel', 3, 8500, false)
    const drawer = await renderDrawer(cartOf([marble]))
    expect(within(drawer).getByText('No panels to order')).toBeTruthy()
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('€0.00')
    expect(within(drawer).queryByRole('link', { name: 'Checkout' })).toBeNull()
    expect(drawer.textContent).toContain('The panels in your cart are no longer sold, so there is nothing to order.')
    expect(within(drawer).getByRole('link', { name: 'Browse panels' }).getAttribute('href')).toBe('/shop')
    expect(within(drawer).getByRole('button', { name: 'Remove White Carrara Marble Panel' })).toBeTruthy()
  })

  describe('the delivery estimate', () => {
    const oak = cartLine('oak', 'Natural Oak Panel', 4, 6000, true)
    const rates = { fromCents: 2_500, free: false, postalCode: null, estimate: null }
    const valencia = {
      ...rates,
      postalCode: '46001',
      estimate: { zone: 'peninsula' as const, priceCents: 2_500, minDays: 3, maxDays: 5, surchargeCents: 0, totalCents: 26_500 },
    }

    it('asks for a postal code, remembers it on the cart, then shows home delivery there and the total with it', async () => {
      const drawer = await renderDrawer(cartOf([oak], null, rates), 'es', (path) =>
        answer(path === 'cart.setPostalCode' ? cartOf([oak], null, valencia) : cartOf([oak], null, rates)),
      )
      expect(within(drawer).getByTestId('cart-shipping').textContent).toBe('EntregaDesde 25,00\u00a0€, en la página de pago')
      expect(within(drawer).getByTestId('cart-total').textContent).toBe('240,00\u00a0€')
      fireEvent.change(within(drawer).getByLabelText('Código postal'), { target: { value: '46001' } })
      fireEvent.click(within(drawer).getByRole('button', { name: 'Calcular' }))
      const estimate = await within(drawer).findByTestId('cart-delivery-estimate')
      expect(estimate.textContent).toContain('Envío a domicilio (Península) · 3–5 días laborables · 46001')
      expect(within(drawer).getByTestId('cart-shipping').textContent).toBe('Entrega25,00\u00a0€')
      expect(within(drawer).getByTestId('cart-total').textContent).toBe('265,00\u00a0€')
      expect(drawer.calls.filter((call) => call.path === 'cart.setPostalCode').map((call) => call.input)).toEqual([{ postalCode: '46001' }])
      // Changing it offers the form again, filled in.
      fireEvent.click(within(estimate).getByRole('button', { name: 'Cambiar el código postal' }))
      expect((within(drawer).getByLabelText('Código postal') as HTMLInputElement).value).toBe('46001')
    })

    it('says what is wrong with a postal code beside the field, and asks the server nothing', async () => {
      const drawer = await renderDrawer(cartOf([oak], null, rates))
      fireEvent.change(within(drawer).getByLabelText('Postal code'), { target: { value: '4600' } })
      fireEvent.click(within(drawer).getByRole('button', { name: 'Estimate' }))
      const field = within(drawer).getByLabelText('Postal code')
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
      expect(drawer.textContent).toContain('Enter a 5-digit postal code, e.g. 03181')
      expect(drawer.calls.some((call) => call.path === 'cart.setPostalCode')).toBe(false)
    })

    it('says home delivery does not reach the Canary Islands, and offers pickup or a quote', async () => {
      const drawer = await renderDrawer(cartOf([oak], null, { ...rates, postalCode: '35001' }))
      const estimate = within(drawer).getByTestId('cart-delivery-estimate')
      expect(estimate.textContent).toContain('Home delivery does not reach 35001.')
      expect(within(estimate).getByRole('link', { name: 'ask us for a quote' }).getAttribute('href')).toBe('/contact')
      expect(within(drawer).getByTestId('cart-total').textContent).toBe('€240.00')
    })
  })
})
