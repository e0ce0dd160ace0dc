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
const zoneRefusal = () =>
  reply(400, {
    error: {
      message: 'This postal code is in another delivery zone, whose rates differ: the order must keep an address in its zone',
      code: -32600,
      data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'admin.orders.updateDetails', field: 'postal_code' },
    },
  })

// Spain's list, as address.postcode answers for a code it knows.
const listed = { postalCode: '07001', known: true, province: 'Illes Balears', towns: ['Palma'], names: ['Palma'] }

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
    const updates = () => calls.filter((call) => call.path === 'admin.orders.updateDetails')
    await waitFor(() => expect(updates()).toHaveLength(1))
    expect(updates()[0]!.input).toMatchObject({
      id: order.id,
      delivery: 'home',
      shipping: { full_name: 'Lucía Pérez', email: 'lucia@example.com', address_line1: 'Calle Mayor 12', postal_code: '46001', city: 'Valencia' },
    })
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1))
  })

  it('says what is wrong beside the field: its own rules before sending, the server’s zone rule after', async () => {
    const { calls } = renderDialog((path) => (path === 'address.postcode' ? answer(listed) : zoneRefusal()))
    const dialog = await openDialog()
    const postalCode = within(dialog).getByLabelText<HTMLInputElement>('Postal code')
    fireEvent.change(postalCode, { target: { value: '0318' } })
    await save(dialog)
    expect(await within(dialog).findByText('Enter a 5-digit postal code, e.g. 03181')).toBeTruthy()
    expect(calls.filter((call) => call.path === 'admin.orders.updateDetails')).toEqual([])

    fireEvent.change(postalCode, { target: { value: '07001' } })
    await save(dialog)
    expect(await within(dialog).findByText(/This postal code is in another delivery zone/)).toBeTruthy()
    expect(postalCode.getAttribute('aria-invalid')).toBe('true')
    expect(dialog.isConnected).toBe(true)
  })

  it('names a postal code Spain’s list lacks and sends it only once the admin confirms it', async () => {
    const { calls } = renderDialog((path, input) =>
      path === 'address.postcode'
        ? answer({ postalCode: '03999', known: false, province: 'Alicante', towns: [], names: [] })
        : answer({ ok: true, changed: true, input }),
    )
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Postal code'), { target: { value: '03999' } })
    expect(await within(dialog).findByText(/03999/, { selector: '[role="status"]' })).toBeTruthy()
    await save(dialog)
    await waitFor(() => expect(within(dialog).getByLabelText('Postal code').getAttribute('aria-invalid')).toBe('true'))
    expect(calls.filter((call) => call.path === 'admin.orders.updateDetails')).toEqual([])

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'The postal code and town are right' }))
    await save(dialog)
    await waitFor(() => expect(calls.filter((call) => call.path === 'admin.orders.updateDetails')).toHaveLength(1))
    expect(calls.find((call) => call.path === 'admin.orders.updateDetails')!.input).toMatchObject({
      addressConfirmed: true,
      shipping: { postal_code: '03999', city: 'Torrevieja' },
    })
  })
})
