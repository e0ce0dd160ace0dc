// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../../tests/helpers/render.tsx'
import { answer, fakeTrpc, reply, withTrpc } from '../../../lib/testing.tsx'
import { EditDetailsDialog, type OrderDetails } from './EditDetailsDialog.tsx'

afterEach(cleanup)

const order: OrderDetails = {
  id: '00000000-0000-4000-8000-000000000042',
  orderNumber: 'ORD-42',
  deliveryMethod: 'home',
  customerName: 'Lucía Pérez',
  customerEmail: 'lucia@example.com',
  customerPhone: '+34600111222',
  shippingAddress: { line1: 'Calle Mayor 12', line2: null, postal_code: '03181', city: 'Torrevieja', state: 'Alicante', country: 'ES' },
}

// The server's refusal of a postal code in another zone, beside its field (as admin.orders.updateDetails answers it).
const zoneRefusal = reply(400, {
  error: {
    message: 'This postal code is in another delivery zone, whose rates differ: the order must keep an address in its zone',
    code: -32600,
    data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'admin.orders.updateDetails', field: 'postal_code' },
  },
})

function renderDialog(serve: (path: string, input: unknown) => Response) {
  const { calls, client } = fakeTrpc(serve)
  const onFinished = vi.fn()
  renderInLanguage(withTrpc(client, <EditDetailsDialog order={order} onFinished={onFinished} />), 'en')
  return { calls, onFinished }
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Edit contact and address' }))
  return screen.findByRole('dialog', { name: 'Details of order ORD-42' })
}

const save = (dialog: HTMLElement) =>
  act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and tell the customer' }))
  })

describe('<EditDetailsDialog>', () => {
  it('starts from the order’s details and sends the changed ones for its delivery method', async () => {
    const { calls, onFinished } = renderDialog(() => answer({ ok: true, changed: true }))
    const dialog = await openDialog()
    expect(within(dialog).getByLabelText<HTMLInputElement>('Address').value).toBe('Calle Mayor 12')
    fireEvent.change(within(dialog).getByLabelText('Postal code'), { target: { value: '46001' } })
    fireEvent.change(within(dialog).getByLabelText('City'), { target: { value: 'Valencia' } })
    await save(dialog)
    await waitFor(() => expect(calls.map((call) => call.path)).toEqual(['admin.orders.updateDetails']))
    expect(calls[0]!.input).toMatchObject({
      id: order.id,
      delivery: 'home',
      shipping: { full_name: 'Lucía Pérez', email: 'lucia@example.com', address_line1: 'Calle Mayor 12', postal_code: '46001', city: 'Valencia' },
    })
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1))
  })

  it('says what is wrong beside the field: its own rules before sending, the server’s zone rule after', async () => {
    const { calls } = renderDialog(() => zoneRefusal)
    const dialog = await openDialog()
    const postalCode = within(dialog).getByLabelText<HTMLInputElement>('Postal code')
    fireEvent.change(postalCode, { target: { value: '0318' } })
    await save(dialog)
    expect(await within(dialog).findByText('Enter a 5-digit postal code, e.g. 03181')).toBeTruthy()
    expect(calls).toEqual([])

    fireEvent.change(postalCode, { target: { value: '07001' } })
    await save(dialog)
    expect(await within(dialog).findByText(/This postal code is in another delivery zone/)).toBeTruthy()
    expect(postalCode.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.isConnected).toBe(true)
  })
})
