// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { answer, fakeTrpc, renderAtRoute, withTrpc } from '../../lib/testing.tsx'
import type { Billing } from '../../../core/billing.ts'
import { BillingSection } from './BillingSection.tsx'

afterEach(cleanup)

const company: Billing = { name: 'Reformas Gil S.L.', taxId: 'B03999992', idType: 'nif', country: 'ES' }

/** The section as the page shows it, with a server answering account.billing with `details`, and updateBilling as it would. */
function renderSection(details: { saved: Billing | null; wholesale: Billing | null }) {
  const { calls, client } = fakeTrpc((path, input) => {
    if (path === 'account.updateBilling') {
      const billing = (input as { billing: { name: string; taxId: string } | null }).billing
      return answer({
        saved: billing && { name: billing.name, taxId: billing.taxId.replace(/\W/g, '').toUpperCase(), idType: 'nif', country: 'ES' },
        wholesale: null,
      })
    }
    return answer(details)
  })
  // At /account: the form reads the page's query (what a post without the script did).
  renderAtRoute({
    path: '/account',
    page: () => (
      <Suspense>
        <BillingSection />
      </Suspense>
    ),
    language: 'en',
    wrap: (routed) => withTrpc(client, routed),
  })
  return calls
}

const updates = (calls: ReturnType<typeof renderSection>) => calls.filter((call) => call.path === 'account.updateBilling')

describe('<BillingSection>', () => {
  it('shows the saved details in the form, with a way to forget them', async () => {
    renderSection({ saved: company, wholesale: null })
    const name = await screen.findByLabelText<HTMLInputElement>('Name or company on the invoice')
    expect(name.value).toBe('Reformas Gil S.L.')
    expect(screen.getByLabelText<HTMLSelectElement>('Identified by').value).toBe('tax_id')
    expect(screen.getByLabelText<HTMLInputElement>('Tax id').value).toBe('B03999992')
    expect(screen.getByText(/checkout offers these details/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save billing details' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Forget billing details' })).toBeTruthy()
  })

  it('prefills a passport with its country, and offers nothing to forget when none are saved', async () => {
    renderSection({ saved: null, wholesale: null })
    expect((await screen.findByLabelText<HTMLInputElement>('Name or company on the invoice')).value).toBe('')
    expect(screen.queryByRole('button', { name: 'Forget billing details' })).toBeNull()
    cleanup()
    renderSection({ saved: { name: 'Sarah Jones', taxId: 'X1234567', idType: '03', country: 'IE' }, wholesale: null })
    expect((await screen.findByLabelText<HTMLSelectElement>('Identified by')).value).toBe('passport')
    expect(screen.getByLabelText<HTMLInputElement>('Document number').value).toBe('X1234567')
    expect(screen.getByLabelText<HTMLSelectElement>('Country of the document').value).toBe('IE')
  })

  it('shows an invalid tax id’s message beside the field, takes the keyboard there, and calls nothing', async () => {
    const calls = renderSection({ saved: null, wholesale: null })
    fireEvent.change(await screen.findByLabelText('Name or company on the invoice'), { target: { value: 'Reformas Gil S.L.' } })
    const taxId = screen.getByLabelText<HTMLInputElement>('Tax id')
    fireEvent.change(taxId, { target: { value: '12345678A' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }))

    const message = await screen.findByText(/Enter a valid Spanish NIF, NIE or CIF, or an EU VAT number/)
    expect(taxId.getAttribute('aria-invalid')).toBe('true')
    expect(taxId.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    expect(document.activeElement).toBe(taxId)
    expect(screen.getByLabelText<HTMLInputElement>('Name or company on the invoice').getAttribute('aria-invalid')).toBeNull()
    expect(updates(calls)).toEqual([])
  })

  it('saves valid details and shows them as stored', async () => {
    const calls = renderSection({ saved: null, wholesale: null })
    fireEvent.change(await screen.findByLabelText('Name or company on the invoice'), { target: { value: 'Reformas Gil S.L.' } })
    fireEvent.change(screen.getByLabelText('Tax id'), { target: { value: 'b-03999992' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save billing details' }))
    await waitFor(() => expect(updates(calls)).toHaveLength(1))
    expect(updates(calls)[0]?.input).toEqual({ billing: { name: 'Reformas Gil S.L.', idKind: 'tax_id', taxId: 'b-03999992', country: '' } })
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Tax id').value).toBe('B03999992'))
    expect(screen.getByRole('button', { name: 'Forget billing details' })).toBeTruthy()
  })

  it('forgets the saved details and empties the form', async () => {
    const calls = renderSection({ saved: company, wholesale: null })
    fireEvent.click(await screen.findByRole('button', { name: 'Forget billing details' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Forget billing details' })).toBeNull())
    expect(updates(calls).map((call) => call.input)).toEqual([{ billing: null }])
    expect(screen.getByLabelText<HTMLInputElement>('Name or company on the invoice').value).toBe('')
    expect(screen.getByLabelText<HTMLInputElement>('Tax id').value).toBe('')
  })

  it('tells a wholesale customer who their invoices name, with no form', async () => {
    renderSection({ saved: company, wholesale: { name: 'Bau GmbH', taxId: 'DE136695976', idType: '02', country: 'DE' } })
    expect(
      await screen.findByText('Your invoices are always made out to Bau GmbH (DE136695976), the company your wholesale account was approved with.'),
    ).toBeTruthy()
    expect(document.querySelector('form')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByLabelText('Tax id')).toBeNull()
  })
})
