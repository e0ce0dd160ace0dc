// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInLanguage } from '../../../../tests/helpers/render.tsx'
import type { DeliverySettings as Settings } from '../../../../core/delivery.ts'
import { toast } from '../../../lib/toast.ts'
import { answer, fakeTrpc, reply, withTrpc } from '../../../lib/testing.tsx'
import { DeliverySettings } from './DeliverySettings.tsx'

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

afterEach(cleanup)
beforeEach(() => {
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
})

/** The version the page loads: what it sends back as `expectedUpdatedAt`. */
const updatedAt = '2027-01-15T09:00:00.000Z'

const saved: Settings = {
  pickup: { enabled: true, readyInDays: 1 },
  home: {
    peninsula: {
      minDays: 3,
      maxDays: 5,
      retail: {
        bands: [
          { upToPanels: 10, priceCents: 1200 },
          { upToPanels: null, priceCents: 4500 },
        ],
        freeFromCents: 50_000,
      },
      wholesale: { bands: [{ upToPanels: null, priceCents: 3000 }], freeFromCents: null },
    },
    balearics: {
      minDays: 4,
      maxDays: 7,
      retail: {
        bands: [
          { upToPanels: 20, priceCents: 2500 },
          { upToPanels: null, priceCents: 9000 },
        ],
        freeFromCents: null,
      },
      wholesale: { bands: [{ upToPanels: null, priceCents: 6000 }], freeFromCents: null },
    },
  },
}

const refusal = (status: number, code: string, message: string, zodIssues: unknown = null) =>
  reply(status, {
    error: {
      message,
      code: status === 409 ? -32009 : -32600,
      data: { code, httpStatus: status, path: 'admin.delivery.update', zodIssues, field: null },
    },
  })

/** The page in Spanish, with a server answering the saved settings and `update` (saved by default). */
async function renderSettings(update: () => Response = () => answer({ updatedAt: '2027-01-15T10:00:00.000Z' }), language: 'es' | 'en' = 'es') {
  const { client, calls } = fakeTrpc((path) => {
    if (path === 'admin.delivery.get') return answer({ settings: saved, updatedAt })
    if (path === 'admin.delivery.update') return update()
    return reply(404, { error: { message: 'no such procedure', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path } } })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderInLanguage(
    withTrpc(
      client,
      <Suspense fallback={null}>
        <DeliverySettings />
      </Suspense>,
      queryClient,
    ),
    language,
  )
  const form = await screen.findByRole('form', { name: language === 'es' ? 'Ajustes de entrega' : 'Delivery settings' })
  /** What the page sent admin.delivery.update, in order. */
  const updates = () => calls.filter((call) => call.path === 'admin.delivery.update').map((call) => call.input)
  return { form, updates }
}

/** A rate table: the zone's fieldset, then the table's, each named by its legend. */
const table = (zone: string, kind: string) => within(within(screen.getByRole('group', { name: zone })).getByRole('group', { name: kind }))
const value = (input: HTMLElement) => (input as HTMLInputElement).value
const type = (input: HTMLElement, typed: string) => fireEvent.change(input, { target: { value: typed } })
/** The texts that describe a field (its error, its hint). */
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)

async function save(form: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }))
  })
}

describe('<DeliverySettings>', () => {
  it('shows the saved settings in Spanish: pickup, each zone’s window and its two rate tables in euros', async () => {
    const { form } = await renderSettings()
    const pickup = within(within(form).getByRole('group', { name: 'Recogida en la exposición (Torrevieja)' }))
    expect(pickup.getByRole<HTMLInputElement>('checkbox', { name: 'Ofrecer la recogida' }).checked).toBe(true)
    expect(value(pickup.getByLabelText('Lista en (días laborables)'))).toBe('1')

    const home = within(within(form).getByRole('group', { name: 'Envío a domicilio' }))
    expect(home.getByText('Precios con IVA incluido. Escriba los importes en euros, por ejemplo 24,90.')).toBeTruthy()
    const peninsula = within(home.getByRole('group', { name: 'Península' }))
    expect(value(peninsula.getByLabelText('De (días laborables)'))).toBe('3')
    expect(value(peninsula.getByLabelText('A (días laborables)'))).toBe('5')

    const retail = table('Península', 'Clientes')
    expect(retail.getAllByLabelText('Hasta (paneles)').map(value)).toEqual(['10'])
    expect(value(retail.getByLabelText('Hasta 10 paneles (€)'))).toBe('12,00')
    expect(value(retail.getByLabelText('Más paneles (€)'))).toBe('45,00')
    expect(value(retail.getByLabelText('Envío gratis desde (€)'))).toBe('500,00')
    // The open band cannot be removed: only the band up to 10 panels has the button.
    expect(retail.getAllByRole('button', { name: /^Eliminar/ }).map((button) => button.textContent)).toEqual(['Eliminar tramo 1'])

    const wholesale = table('Península', 'Mayoristas')
    expect(value(wholesale.getByLabelText('Cualquier número de paneles (€)'))).toBe('30,00')
    expect(value(wholesale.getByLabelText('Envío gratis desde (€)'))).toBe('')
    expect(wholesale.queryByRole('button', { name: /^Eliminar/ })).toBeNull()

    const balearics = within(home.getByRole('group', { name: 'Islas Baleares' }))
    expect(value(balearics.getByLabelText('A (días laborables)'))).toBe('7')
    expect(value(table('Islas Baleares', 'Clientes').getByLabelText('Hasta 20 paneles (€)'))).toBe('25,00')
  })

  it('saves an edited price and a band added before the open one, in cents, with the version it loaded', async () => {
    const { form, updates } = await renderSettings()
    const retail = table('Península', 'Clientes')
    type(retail.getByLabelText('Hasta 10 paneles (€)'), '14,5')

    fireEvent.click(retail.getByRole('button', { name: 'Añadir un tramo' }))
    const panels = retail.getAllByLabelText('Hasta (paneles)')
    expect(panels.map(value)).toEqual(['10', ''])
    // The keyboard is on the new band.
    await waitFor(() => expect(document.activeElement).toBe(panels[1]))
    type(panels[1]!, '50')
    // A price in English notation is as good as one in Spanish.
    type(retail.getByLabelText('Hasta 50 paneles (€)'), '30.00')

    await save(form)
    await waitFor(() => expect(updates()).toHaveLength(1))
    expect(updates()[0]).toEqual({
      expectedUpdatedAt: updatedAt,
      settings: {
        ...saved,
        home: {
          ...saved.home,
          peninsula: {
            ...saved.home.peninsula,
            retail: {
              bands: [
                { upToPanels: 10, priceCents: 1450 },
                { upToPanels: 50, priceCents: 3000 },
                { upToPanels: null, priceCents: 4500 },
              ],
              freeFromCents: 50_000,
            },
          },
        },
      },
    })
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Entrega guardada'))
  })

  it('removes a band with panels, and sends nothing while an amount is not one', async () => {
    const { form, updates } = await renderSettings()
    const retail = table('Islas Baleares', 'Clientes')
    fireEvent.click(retail.getByRole('button', { name: 'Eliminar tramo 1' }))
    expect(retail.queryByLabelText('Hasta (paneles)')).toBeNull()
    const open = retail.getByLabelText('Cualquier número de paneles (€)')
    await waitFor(() => expect(document.activeElement).toBe(open))

    type(open, 'doce')
    await save(form)
    await waitFor(() => expect(open.getAttribute('aria-invalid')).toBe('true'))
    expect(described(open)).toContain('Indique un importe en euros, de 0 a 999.999,99')
    expect(document.activeElement).toBe(open)
    expect(updates()).toEqual([])
  })

  it('shows the server’s messages beside the fields they name, and keeps what was typed', async () => {
    const days = 'Indique días laborables de 1 a 60 (0 solo para la recogida), el primero no posterior al último'
    const amount = 'Indique un importe en euros, de 0 a 999.999,99'
    const { form } = await renderSettings(() =>
      refusal(400, 'BAD_REQUEST', amount, [
        { path: ['settings', 'home', 'balearics', 'maxDays'], code: 'custom', message: days },
        { path: ['settings', 'home', 'peninsula', 'retail', 'bands', '0', 'priceCents'], code: 'too_big', message: amount },
      ]),
    )
    await save(form)
    const maxDays = within(screen.getByRole('group', { name: 'Islas Baleares' })).getByLabelText('A (días laborables)')
    const price = table('Península', 'Clientes').getByLabelText('Hasta 10 paneles (€)')
    await waitFor(() => expect(maxDays.getAttribute('aria-invalid')).toBe('true'))
    expect(described(maxDays)).toEqual([days])
    expect(price.getAttribute('aria-invalid')).toBe('true')
    expect(described(price)).toEqual([amount])
    // The keyboard goes to the first of them in the form's order.
    expect(document.activeElement).toBe(price)
    expect(value(maxDays)).toBe('7')
    // Beside their fields only: no message for the whole form, no toast.
    expect(screen.queryByRole('alert')).toBeNull()
    expect(toast.success).not.toHaveBeenCalled()
    expect(toast.error).not.toHaveBeenCalled()

    // Each goes once its field changes.
    type(maxDays, '8')
    await waitFor(() => expect(maxDays.getAttribute('aria-invalid')).toBeNull())
    expect(price.getAttribute('aria-invalid')).toBe('true')
  })

  it('says it in English, the amounts in English notation', async () => {
    await renderSettings(undefined, 'en')
    const retail = table('Peninsula', 'Retail customers')
    expect(value(retail.getByLabelText('Up to 10 panels (€)'))).toBe('12.00')
    expect(value(retail.getByLabelText('More panels (€)'))).toBe('45.00')
    expect(value(retail.getByLabelText('Free delivery from (€)'))).toBe('500.00')
    expect(value(table('Balearic Islands', 'Wholesale customers').getByLabelText('Any number of panels (€)'))).toBe('60.00')
    expect(screen.getByRole('checkbox', { name: 'Offer pickup' })).toBeTruthy()
  })

  it('says when someone else saved meanwhile, and saves nothing', async () => {
    const message = 'Alguien ha cambiado esto mientras tanto. Vuelva a cargar la página para ver sus cambios y haga de nuevo los suyos.'
    const { form, updates } = await renderSettings(() => refusal(409, 'CONFLICT', message))
    await save(form)
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(updates()).toHaveLength(1)
    expect(toast.success).not.toHaveBeenCalled()
  })
})
