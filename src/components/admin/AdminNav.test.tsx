// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderAsPage } from '../../lib/testing.tsx'
import { AdminNav } from './AdminNav.tsx'

afterEach(cleanup)
// The router scrolls to the top once the page is shown: jsdom has no scrolling.
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}))

/** The nav's links, by name and address, and the one marked as the page shown. */
async function navAt(path: string) {
  renderAsPage(() => <AdminNav />, 'en', path)
  const nav = await screen.findByRole('navigation', { name: 'Admin sections' })
  const links = within(nav).getAllByRole('link')
  return {
    links: links.map((link) => [link.textContent, link.getAttribute('href')]),
    current: links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent),
  }
}

describe('<AdminNav>', () => {
  it('links every admin section at its own URL', async () => {
    const { links, current } = await navAt('/admin')
    expect(links).toEqual([
      ['Dashboard', '/admin'],
      ['Orders', '/admin/orders'],
      ['B2B requests', '/admin/requests'],
      ['Wholesale customers', '/admin/customers'],
      ['Messages', '/admin/messages'],
      ['Delivery', '/admin/delivery'],
      ['Products', '/admin/products'],
      ['Categories', '/admin/categories'],
      ['Hacienda (VERI*FACTU)', '/admin/verifactu'],
      ['Backups', '/admin/backups'],
    ])
    expect(current).toEqual(['Dashboard'])
  })

  it('marks the section shown, the dashboard only on its own page', async () => {
    expect((await navAt('/admin/messages')).current).toEqual(['Messages'])
    cleanup()
    expect((await navAt('/admin/orders/0f8c')).current).toEqual(['Orders'])
  })
})
