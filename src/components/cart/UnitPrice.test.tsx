// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { PriceChangeNotice, UnitPrice } from './UnitPrice.tsx'
import type { Cart } from '../../lib/cart.ts'

afterEach(cleanup)

const line = (unitPriceCents: number, previousUnitPriceCents: number | null): Cart['items'][number] => ({
  id: 'line-1',
  productId: 'product-1',
  slug: 'marmol-carrara-blanco',
  photo: { imageKey: 'marmol-carrara-blanco', imageId: null, altEs: 'Panel', altEn: 'Panel' },
  nameEs: 'Mármol Carrara blanco',
  nameEn: 'White Carrara marble',
  quantity: 10,
  unitPriceCents,
  previousUnitPriceCents,
  lineTotalCents: 10 * unitPriceCents,
  available: true,
})
const cartOf = (...items: Cart['items']): Cart => {
  const subtotalCents = items.reduce((sum, i) => sum + i.lineTotalCents, 0)
  return {
    items,
    count: 10,
    subtotalCents,
    surcharge: null,
    totalCents: subtotalCents,
    delivery: { fromCents: 0, free: true, postalCode: null, estimate: null },
  }
}

describe('<UnitPrice> and <PriceChangeNotice>', () => {
  it('show an unchanged price plainly, and no notice', () => {
    const { container } = renderInLanguage(
      <>
        <PriceChangeNotice cart={cartOf(line(8500, null))} />
        <UnitPrice line={line(8500, null)} />
      </>,
      'es',
    )
    expect(container.textContent).toBe('85,00\u00a0€')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('strike the price the shopper saw before, say which is which, and say so once', () => {
    const changed = line(8500, 4000)
    const { container } = renderInLanguage(
      <>
        <PriceChangeNotice cart={cartOf(changed)} />
        <UnitPrice line={changed} />
      </>,
      'en',
    )
    expect(container.querySelector('s')?.textContent).toBe('Before: €40.00')
    expect(container.textContent).toContain('Now: €85.00')
    expect(screen.getByRole('status').textContent).toBe('Some prices have changed since you last saw them. The new price is the one you pay.')
  })
})
