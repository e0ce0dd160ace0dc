// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { answer, fakeTrpc, withTrpc } from '../../lib/testing.tsx'
import { WithdrawOrderDialog } from './WithdrawOrderDialog.tsx'

// docs/product.md#withdrawal: "Desistir del contrato" on /orders: the statement prefilled from the
// order, checked by the shared schema before anything is sent, then orders.withdraw by the order's id.

afterEach(cleanup)

const orderId = '00000000-0000-4000-8000-000000000077'

function renderDialog() {
  const { calls, client } = fakeTrpc((path) => answer(path === 'orders.withdraw' ? { result: 'withdrawn', at: '2026-11-28T10:00:00.000Z' } : null))
  const onDone = vi.fn(() => Promise.resolve())
  renderInLanguage(
    withTrpc(
      client,
      <WithdrawOrderDialog
        orderId={orderId}
        number="ORD-42"
        defaults={{ name: 'Marta Soler', email: 'marta@example.com' }}
        onDone={onDone}
        handoff={{ defaultOpen: false, focusTrigger: false }}
      />,
    ),
    'es',
    '/orders',
  )
  return { calls, onDone }
}

describe('<WithdrawOrderDialog>', () => {
  it('opens the statement prefilled, refuses a bad email in Spanish without sending, and sends the fixed one', async () => {
    const { calls, onDone } = renderDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Desistir del contrato del pedido ORD-42' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Desistir del pedido ORD-42?' })
    const name = within(dialog).getByLabelText('Nombre') as HTMLInputElement
    const email = within(dialog).getByLabelText('Correo electrónico') as HTMLInputElement
    expect(name.value).toBe('Marta Soler')
    expect(email.value).toBe('marta@example.com')
    fireEvent.change(email, { target: { value: 'marta-example.com' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar el desistimiento' }))
    })
    expect(dialog.textContent).toContain('Correo electrónico no válido')
    expect(document.activeElement).toBe(email)
    expect(calls.filter((call) => call.path === 'orders.withdraw')).toEqual([])

    fireEvent.change(email, { target: { value: 'marta@example.com' } })
    fireEvent.change(within(dialog).getByLabelText('Comentario (opcional)'), { target: { value: 'No me convence el color' } })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar el desistimiento' }))
    })
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'orders.withdraw')).toEqual([
        { path: 'orders.withdraw', input: { id: orderId, name: 'Marta Soler', email: 'marta@example.com', comment: 'No me convence el color' } },
      ]),
    )
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(onDone).toHaveBeenCalledTimes(1)
  })
})
