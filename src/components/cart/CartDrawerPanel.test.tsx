// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Cart } from '../../lib/cart.ts'
import { answer, cartLine, cartOf, fakeTrpc, renderAsPage, reply, withTrpc, type Call } from '../../lib/testing.tsx'
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
  it('has a place for toasts under its title, so one raised while it is open shows inside it (ui/Toasts.tsx)', async () => {
    const drawer = await renderDrawer(cartOf([cartLine('oak', 'Natural Oak Panel', 2, 6000, true)]))
    const slot = drawer.querySelector('[data-toast-slot]')
    expect(slot?.previousElementSibling?.querySelector('h2')?.textContent).toBe('Your cart')
  })

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
    /** The server refusing the postal code as its schema does: a BAD_REQUEST naming the field. */
    const refusal = (message: string) =>
      reply(400, {
        error: {
          message: 'Invalid input',
          code: -32600,
          data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'cart.setPostalCode', zodIssues: [{ path: ['postalCode'], message }], field: null },
        },
      })
    const postalCodeCalls = (drawer: { calls: Call[] }) => drawer.calls.filter((call) => call.path === 'cart.setPostalCode').map((call) => call.input)
    /** The message shown under a field, the one its aria-describedby names first. */
    const errorOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent

    it('asks for a postal code, remembers it on the cart, then shows home delivery there and the total with it', async () => {
      const drawer = await renderDrawer(cartOf([oak], null, rates), 'es', (path) =>
        answer(path === 'cart.setPostalCode' ? cartOf([oak], null, valencia) : cartOf([oak], null, rates)),
      )
      expect(within(drawer).getByTestId('cart-shipping').textContent).toBe('EntregaDesde 25,00\u00a0€, en la página de pago')
      expect(within(drawer).getByTestId('cart-total').textContent).toBe('240,00\u00a0€')
      const field = within(drawer).getByLabelText('Código postal')
      expect(field.getAttribute('inputmode')).toBe('numeric')
      expect(field.getAttribute('autocomplete')).toBe('postal-code')
      fireEvent.change(field, { target: { value: '46001' } })
      fireEvent.click(within(drawer).getByRole('button', { name: 'Calcular' }))
      const change = await within(drawer).findByRole('button', { name: 'Cambiar el código postal' })
      // Announced where it appears, and the keyboard is on "Cambiar", the form gone.
      expect(within(drawer).getByTestId('cart-delivery-estimate').textContent).toBe('Envío a domicilio (Península) · 3–5 días laborables · 46001')
      expect(within(drawer).getByTestId('cart-delivery-estimate').getAttribute('role')).toBe('status')
      expect(document.activeElement).toBe(change)
      expect(within(drawer).queryByLabelText('Código postal')).toBeNull()
      expect(within(drawer).getByTestId('cart-shipping').textContent).toBe('Entrega25,00\u00a0€')
      expect(within(drawer).getByTestId('cart-total').textContent).toBe('265,00\u00a0€')
      expect(postalCodeCalls(drawer)).toEqual([{ postalCode: '46001' }])
    })

    it('changes the postal code from the form filled in with it, or keeps it when cancelled', async () => {
      const drawer = await renderDrawer(cartOf([oak], null, valencia))
      expect(within(drawer).getByTestId('cart-delivery-estimate').textContent).toBe('Home delivery (Peninsula) · 3–5 working days · 46001')
      fireEvent.click(within(drawer).getByRole('button', { name: 'Change postal code' }))
      const field = within(drawer).getByLabelText('Postal code')
      expect(field).toHaveProperty('value', '46001')
      expect(document.activeElement).toBe(field)
      // The estimate stays in view while the code is changed.
      expect(within(drawer).getByTestId('cart-shipping').textContent).toBe('Delivery€25.00')
      fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel' }))
      expect(within(drawer).queryByLabelText('Postal code')).toBeNull()
      expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Change postal code' }))
      expect(postalCodeCalls(drawer)).toEqual([])
    })

    it('says what is wrong with a postal code beside the field, and asks the server nothing', async () => {
      const drawer = await renderDrawer(cartOf([oak], null, rates))
      const field = within(drawer).getByLabelText('Postal code')
      fireEvent.change(field, { target: { value: '4600' } })
      fireEvent.click(within(drawer).getByRole('button', { name: 'Estimate' }))
      await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
      expect(errorOf(field)).toBe('Enter a 5-digit postal code, e.g. 03181')
      expect(document.activeElement).toBe(field)
      // A code no province has: the shared rule says so too, in the shopper's language.
      fireEvent.change(field, { target: { value: '60001' } })
      fireEvent.click(within(drawer).getByRole('button', { name: 'Estimate' }))
      await expect.poll(() => errorOf(field)).toBe('Spanish postal codes start with 01 to 52, e.g. 03181')
      expect(postalCodeCalls(drawer)).toEqual([])
      expect(within(drawer).getByTestId('cart-delivery-estimate').textContent).toBe('')
    })

    it('shows the server’s refusal of the postal code beside the field, and any other failure under the form', async () => {
      let failure = () => refusal('Los códigos postales españoles empiezan por 01 a 52, p. ej. 03181')
      const drawer = await renderDrawer(cartOf([oak], null, rates), 'es', (path) =>
        path === 'cart.setPostalCode' ? failure() : answer(cartOf([oak], null, rates)),
      )
      const field = within(drawer).getByLabelText('Código postal')
      fireEvent.change(field, { target: { value: '46001' } })
      fireEvent.click(within(drawer).getByRole('button', { name: 'Calcular' }))
      await expect.poll(() => errorOf(field)).toBe('Los códigos postales españoles empiezan por 01 a 52, p. ej. 03181')
      expect(field.getAttribute('aria-invalid')).toBe('true')
      expect(document.activeElement).toBe(field)
      // Another code is sent again (the refusal does not stick to the field); a failure of no field is said under the form.
      failure = () =>
        reply(500, { error: { message: 'Internal server error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } })
      fireEvent.change(field, { target: { value: '46002' } })
      fireEvent.click(within(drawer).getByRole('button', { name: 'Calcular' }))
      expect((await within(drawer).findByRole('alert')).textContent).toBe('No se ha podido calcular la entrega. Inténtelo de nuevo.')
      expect(field.getAttribute('aria-invalid')).toBeNull()
      expect(document.activeElement).toBe(field)
      expect(within(drawer).getByTestId('cart-shipping').textContent).toBe('EntregaDesde 25,00\u00a0€, en la página de pago')
      expect(postalCodeCalls(drawer)).toEqual([{ postalCode: '46001' }, { postalCode: '46002' }])
    })

    it.each([
      [
        'en',
        'Home delivery does not reach 35001. You can collect your panels at our showroom in Torrevieja, or ask us for a quote.',
        'ask us for a quote',
        '€240.00',
      ],
      [
        'es',
        'El envío a domicilio no llega a 35001. Puede recoger sus paneles en nuestra exposición de Torrevieja o pedirnos presupuesto.',
        'pedirnos presupuesto',
        '240,00\u00a0€',
      ],
    ] as const)('says home delivery does not reach the Canary Islands, and offers pickup or a quote (%s)', async (language, text, quote, total) => {
      const drawer = await renderDrawer(cartOf([oak], null, { ...rates, postalCode: '35001' }), language)
      const estimate = within(drawer).getByTestId('cart-delivery-estimate')
      expect(estimate.textContent).toBe(text)
      expect(within(estimate).getByRole('link', { name: quote }).getAttribute('href')).toBe('/contact')
      expect(within(drawer).getByRole('button', { name: language === 'es' ? 'Cambiar el código postal' : 'Change postal code' })).toBeTruthy()
      // The row keeps home delivery's lowest rate, and the total has no delivery in it.
      expect(within(drawer).getByTestId('cart-shipping').textContent).toContain(language === 'es' ? 'Desde 25,00' : 'From €25.00')
      expect(within(drawer).getByTestId('cart-total').textContent).toBe(total)
    })

    it('takes the recargo and the total with delivery from the estimate, and says Free for a delivery that costs nothing', async () => {
      const surcharge = { rateBasisPoints: 520, cents: 1_248 }
      const palma = {
        ...rates,
        postalCode: '07001',
        estimate: { zone: 'balearics' as const, priceCents: 0, minDays: 4, maxDays: 4, surchargeCents: 1_248, totalCents: 25_248 },
      }
      const drawer = await renderDrawer(cartOf([oak], surcharge, palma))
      expect(within(drawer).getByTestId('cart-shipping').textContent).toBe('DeliveryFree')
      expect(within(drawer).getByTestId('cart-delivery-estimate').textContent).toBe('Home delivery (Balearic Islands) · 4 working days · 07001')
      expect(within(drawer).getByTestId('cart-surcharge').textContent).toContain('€12.48')
      expect(within(drawer).getByTestId('cart-total').textContent).toBe('€252.48')
      expect(drawer.textContent).toContain('Total (VAT included)')
    })

    it('counts the delivery in the total checked against the limit of one payment', async () => {
      // 999.959,40 € of panels is under the limit; with 50,00 € of delivery it is not.
      const top = cartLine('top', 'Top panel', 99, 1_010_060, true)
      const delivery = {
        ...rates,
        postalCode: '46001',
        estimate: { zone: 'peninsula' as const, priceCents: 5_000, minDays: 3, maxDays: 5, surchargeCents: 0, totalCents: 99_995_940 + 5_000 },
      }
      const drawer = await renderDrawer(cartOf([top], null, delivery))
      expect(within(drawer).getByRole('alert').textContent).toBe(
        'An order can be at most €999,999.99. Please split it into several orders or contact us.',
      )
    })
  })
})
