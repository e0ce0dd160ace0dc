// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { createTRPCClient, httpLink } from '@trpc/client'
import { cleanup, render, screen, within } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { i18nFor } from '../../../core/i18n/catalogs.ts'
import type { Cart, CartLine } from '../../lib/cart.ts'
import { TRPCProvider, type AppRouter } from '../../lib/trpc.ts'
import { CartDrawerPanel } from './CartDrawerPanel.tsx'

afterEach(cleanup)

const line = (id: string, nameEn: string, quantity: number, unitPriceCents: number, available: boolean): CartLine => ({
  id,
  productId: `product-${id}`,
  slug: id,
  imageKey: null,
  imageId: null,
  nameEs: `Panel ${id}`,
  nameEn,
  quantity,
  unitPriceCents,
  previousUnitPriceCents: null,
  lineTotalCents: quantity * unitPriceCents,
  available,
})

/** The open drawer over a cart the server answers with, in English. */
async function renderDrawer(cart: Cart) {
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: 'http://shop.test/trpc',
        fetch: async () => new Response(JSON.stringify({ result: { data: cart } }), { headers: { 'content-type': 'application/json' } }),
      }),
    ],
  })
  const queryClient = new QueryClient()
  const trigger = createRef<HTMLButtonElement>()
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <CartDrawerPanel open trigger={trigger} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <I18nProvider i18n={i18nFor('en')}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={client} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </I18nProvider>,
  )
  const drawer = await screen.findByRole('dialog', { name: 'Your cart' })
  await within(drawer).findByRole('list')
  return drawer
}

describe('<CartDrawerPanel>', () => {
  it('leaves an archived product out of the count and the sums, and still offers checkout for the rest', async () => {
    const oak = line('oak', 'Natural Oak Panel', 2, 6000, true)
    const marble = line('marble', 'White Carrara Marble Panel', 3, 8500, false)
    const drawer = await renderDrawer({ items: [oak, marble], count: 2, subtotalCents: 12000 })
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(2)
    expect(within(drawer).getByTestId('cart-line-unavailable').textContent).toContain('No longer available')
    expect(within(drawer).getByText('2 panels')).toBeTruthy()
    expect(within(drawer).getByTestId('cart-subtotal').textContent).toBe('€120.00')
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('€120.00')
    expect(within(drawer).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout')
  })

  it('says there is nothing to order when every product in the cart is archived, and leads back to the shop', async () => {
    const marble = line('marble', 'White Carrara Marble Panel', 3, 8500, false)
    const drawer = await renderDrawer({ items: [marble], count: 0, subtotalCents: 0 })
    expect(within(drawer).getByText('No panels to order')).toBeTruthy()
    expect(within(drawer).getByTestId('cart-total').textContent).toBe('€0.00')
    expect(within(drawer).queryByRole('link', { name: 'Checkout' })).toBeNull()
    expect(drawer.textContent).toContain('The panels in your cart are no longer sold, so there is nothing to order.')
    expect(within(drawer).getByRole('link', { name: 'Browse panels' }).getAttribute('href')).toBe('/shop')
    expect(within(drawer).getByRole('button', { name: 'Remove White Carrara Marble Panel' })).toBeTruthy()
  })
})
