// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../../tests/helpers/render.tsx'
import { answer, fakeTrpc, withTrpc } from '../../../lib/testing.tsx'
import { VoidInvoiceDialog } from './VoidInvoiceDialog.tsx'

afterEach(cleanup)

const orderId = '00000000-0000-4000-8000-000000000042'

function renderDialog() {
  // The server answers as admin.orders.voidInvoice does.
  const { calls, client } = fakeTrpc((path) => answer(path === 'admin.orders.voidInvoice' ? { ok: true, invoice: '2026-000123' } : null))
  const onFinished = vi.fn()
  renderInLanguage(withTrpc(client, <VoidInvoiceDialog orderId={orderId} number="2026-000123" onFinished={onFinished} />), 'es')
  return { calls, onFinished }
}

describe('<VoidInvoiceDialog>', () => {
  it('asks first, saying it is for an invoice issued in error and that a refund is the way to give money back; keeping it sends nothing', async () => {
    const { calls, onFinished } = renderDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Anular factura 2026-000123' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Anular la factura 2026-000123?' })
    expect(dialog.textContent).toContain('Solo para una factura emitida por error')
    expect(dialog.textContent).toContain('reembolse el pedido')
    // The focus starts on the button that keeps things as they are.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Mantener la factura' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mantener la factura' }))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(calls).toEqual([])
    expect(onFinished).not.toHaveBeenCalled()
  })

  it('voids the order’s invoice once confirmed, then closes and hands over', async () => {
    const { calls, onFinished } = renderDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Anular factura 2026-000123' }))
    const dialog = await screen.findByRole('alertdialog')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Anular la factura' }))
    })
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'admin.orders.voidInvoice')).toEqual([
        { path: 'admin.orders.voidInvoice', input: { id: orderId, number: '2026-000123' } },
      ]),
    )
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1))
  })
})
