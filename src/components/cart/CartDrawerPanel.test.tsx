// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Cart } from '../../lib/cart.ts'
import { answer, cartLine, fakeTrpc, renderAsPage, withTrpc } from '../../lib/testing.tsx'
import { CartDrawerPanel } from './CartDrawerPanel.tsx'

afterEach(cleanup)

/** The open drawer over a cart the server answers with, in English. */
async function renderDrawer(cart: Cart) {
  const { client } = fakeTrpc(() => answer(cart))
  const trigger = createRef<HTMLButtonElement>()
  renderAsPage(
    () => <CartDrawerPanel open trigger={trigger} />,
    'en',
    '/',
    (router) => withTrpc(client, router),
  )
  const drawer = await screen.findByRole('dialog', { name: 'Your cart' })
  await within(drawer).findByRole('list')
  return drawer
}

describe('<CartDrawerPanel>', () => {
  it('leaves an archived product out of the count and the sums, and still offers checkout for the rest', async () => {
    const oak = cartLine('oak', 'Natural Oak Panel', 2, 6000, true)
    const marble = cartLine('marble', 'White Carrara Marble Panel', 3, 8500, false)
    const drawer = await renderDrawer({ items: [oak, marble], count: 2, subtotalCents: 12000 })
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(2)
    expect(within(drawer).getByTestId('cart-line-unavailable').textContent).toContain('No longer available')
    expect(within(drawer).getByText('2 panels')).toBeTruthy()
    expect(within(drawer).getByTestId('cart-subtotal').textContent).toBe('€120.00')
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('€120.00')
    expect(within(drawer).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout')
  })

  it('says there is nothing to order when every product in the cart is archived, and leads back to the shop', async () => {
    const marble = cartLine('marble', 'White Carrara Marble Panel', 3, 8500, false)
    const drawer = await renderDrawer({ items: [marble], count: 0, subtotalCents: 0 })
    expect(within(drawer).getByText('No panels to order')).toBeTruthy()
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('€0.00')
    expect(within(drawer).queryByRole('link', { name: 'Checkout' })).toBeNull()
    expect(drawer.textContent).toContain('The panels in your cart are no longer sold, so there is nothing to order.')
    expect(within(drawer).getByRole('link', { name: 'Browse panels' }).getAttribute('href')).toBe('/shop')
    expect(within(drawer).getByRole('button', { name: 'Remove White Carrara Marble Panel' })).toBeTruthy()
  })
})
