// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CartLine as Line } from '../../lib/cart.ts'
import { renderAsPage } from '../../lib/testing.tsx'
import { CartLine } from './CartLine.tsx'

afterEach(cleanup)

const line = (available: boolean): Line => ({
  id: 'line-1',
  productId: 'product-1',
  slug: 'marmol-carrara-blanco',
  photo: { imageKey: 'marmol-carrara-blanco', imageId: null, altEs: 'Panel', altEn: 'Panel' },
  nameEs: 'Panel Mármol Carrara Blanco',
  nameEn: 'White Carrara Marble Panel',
  quantity: 4,
  unitPriceCents: 8500,
  previousUnitPriceCents: null,
  lineTotalCents: 34000,
  available,
})

/** A line inside a list, under a router (the product's link) and a Lingui instance in `language`. */
async function renderLine(ui: ReactNode, language: 'es' | 'en') {
  renderAsPage(() => <ul>{ui}</ul>, language)
  return screen.findByRole('listitem')
}

describe('<CartLine>', () => {
  it('shows a product still sold with its link, price, quantity and total', async () => {
    const item = await renderLine(
      <CartLine item={line(true)} busy={false} onNavigate={() => {}} onQuantity={async () => {}} onRemove={() => {}} />,
      'en',
    )
    expect(within(item).getByRole('link', { name: 'White Carrara Marble Panel' }).getAttribute('href')).toBe('/product/marmol-carrara-blanco')
    expect(within(item).getByRole('group', { name: 'Quantity of White Carrara Marble Panel' })).toBeTruthy()
    expect(item.textContent).toContain('€340.00')
    expect(item.textContent).not.toContain('No longer available')
  })

  it('is compact: the picture in a box of its own, then the name with the total and unit price, then the quantity and Remove', async () => {
    const item = await renderLine(
      <CartLine item={line(true)} busy={false} onNavigate={() => {}} onQuantity={async () => {}} onRemove={() => {}} />,
      'es',
    )
    // The <picture> sits in a box, so its <source> never takes a cell of the line's grid.
    const [picture, head, controls] = [...item.children]
    expect(item.children).toHaveLength(3)
    expect(picture?.querySelector('img')?.getAttribute('alt')).toBe('')
    expect(picture?.querySelector('source')).toBeTruthy()
    expect(head?.textContent).toBe('Panel Mármol Carrara Blanco340,00\u00a0€85,00\u00a0€ / panel')
    expect(within(controls as HTMLElement).getByRole('group', { name: 'Cantidad de Panel Mármol Carrara Blanco' })).toBeTruthy()
    expect(within(controls as HTMLElement).getByRole('button', { name: 'Eliminar Panel Mármol Carrara Blanco' })).toBeTruthy()
  })

  it('shows an archived product muted as no longer available: no link, price, quantity or total, only Remove', async () => {
    const onRemove = vi.fn()
    const item = await renderLine(
      <CartLine item={line(false)} busy={false} onNavigate={() => {}} onQuantity={async () => {}} onRemove={onRemove} />,
      'es',
    )
    expect(item.textContent).toContain('Panel Mármol Carrara Blanco')
    expect(item.textContent).toContain('Ya no está disponible')
    expect(item.textContent).toContain('No se incluye en su pedido.')
    expect(within(item).queryByRole('link')).toBeNull()
    expect(within(item).queryByRole('group')).toBeNull()
    expect(within(item).queryByRole('textbox')).toBeNull()
    expect(item.textContent).not.toContain('€')
    expect(
      within(item)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Eliminar Panel Mármol Carrara Blanco'])
    fireEvent.click(within(item).getByRole('button', { name: 'Eliminar Panel Mármol Carrara Blanco' }))
    expect(onRemove).toHaveBeenCalledOnce()
  })
})
