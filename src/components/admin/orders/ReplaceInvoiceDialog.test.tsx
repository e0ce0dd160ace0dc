// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../../tests/helpers/render.tsx'
import { answer, fakeTrpc, withTrpc } from '../../../lib/testing.tsx'
import { ReplaceInvoiceDialog, replaceableInvoice } from './ReplaceInvoiceDialog.tsx'

afterEach(cleanup)

const orderId = '00000000-0000-4000-8000-000000000042'

function renderDialog() {
  // The server answers as admin.orders.replaceInvoice does.
  const { calls, client } = fakeTrpc((path) => answer(path === 'admin.orders.replaceInvoice' ? { ok: true, invoice: '2026-000124' } : null))
  const onFinished = vi.fn()
  renderInLanguage(
    withTrpc(client, <ReplaceInvoiceDialog orderId={orderId} number="2026-000123" customerEmail="marta@example.com" onFinished={onFinished} />),
    'en',
  )
  return { calls, onFinished }
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Issue a full invoice' }))
  const dialog = await screen.findByRole('dialog', { name: 'Replace invoice 2026-000123 by a full invoice?' })
  expect(dialog.textContent).toContain('marta@example.com')
  return dialog
}

async function submit(dialog: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Issue full invoice' }))
  })
}

describe('<ReplaceInvoiceDialog>', () => {
  it('explains an invalid tax id beside it and sends nothing', async () => {
    const { calls } = renderDialog()
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Name or company on the invoice'), { target: { value: 'Matriz SL' } })
    const taxId = within(dialog).getByLabelText<HTMLInputElement>('Tax id')
    fireEvent.change(taxId, { target: { value: '12345678A' } })
    await submit(dialog)

    expect(await within(dialog).findByText(/Enter a valid Spanish NIF, NIE or CIF, or an EU VAT number/)).toBeTruthy()
    expect(taxId.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(taxId)
    expect(calls).toEqual([])
    expect(dialog.isConnected).toBe(true)
  })

  it('issues the full invoice for the order with the typed details, then closes', async () => {
    const { calls, onFinished } = renderDialog()
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Name or company on the invoice'), { target: { value: 'Matriz SL' } })
    fireEvent.change(within(dialog).getByLabelText('Tax id'), { target: { value: 'B03999992' } })
    await submit(dialog)

    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'admin.orders.replaceInvoice')).toEqual([
        {
          path: 'admin.orders.replaceInvoice',
          input: { id: orderId, billing: { name: 'Matriz SL', idKind: 'tax_id', taxId: 'B03999992', country: '' } },
        },
      ]),
    )
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1))
  })
})

describe('replaceableInvoice', () => {
  const simplified = { number: '2026-000123', kind: 'invoice', type: 'F2', voided: false } as const
  it('offers the simplified invoice of a paid order only while nothing replaced, corrected or voided it', () => {
    expect(replaceableInvoice({ paymentStatus: 'paid', invoices: [simplified] })).toBe('2026-000123')
    expect(replaceableInvoice({ paymentStatus: 'paid', invoices: [{ ...simplified, voided: true }] })).toBeNull()
    expect(replaceableInvoice({ paymentStatus: 'pending', invoices: [simplified] })).toBeNull()
    expect(
      replaceableInvoice({ paymentStatus: 'paid', invoices: [{ number: '2026-000100', kind: 'invoice', type: 'F1', voided: false }] }),
    ).toBeNull()
    expect(
      replaceableInvoice({ paymentStatus: 'paid', invoices: [simplified, { number: '2026-000124', kind: 'invoice', type: 'F3', voided: false }] }),
    ).toBeNull()
    expect(
      replaceableInvoice({
        paymentStatus: 'refunded',
        invoices: [simplified, { number: 'R2026-000001', kind: 'corrective', type: 'R5', voided: false }],
      }),
    ).toBeNull()
    expect(
      replaceableInvoice({
        paymentStatus: 'paid',
        invoices: [simplified, { number: 'R2026-000001', kind: 'corrective', type: 'R5', voided: false }],
      }),
    ).toBeNull()
  })
})
