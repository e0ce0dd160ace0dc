// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../../lib/toast.ts'
import { answer, fakeTrpc, renderAtRoute, reply, withTrpc } from '../../../lib/testing.tsx'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import type { RecordRow } from './RecordsTable.tsx'
import { parseVerifactuSearch } from './verifactu-search.ts'
import { VerifactuRecords } from './VerifactuRecords.tsx'

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

afterEach(cleanup)
beforeEach(() => {
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
  // The router scrolls to the top after a navigation: jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

type Status = RouterOutputs['admin']['verifactu']['status']
type RecordsPage = RouterOutputs['admin']['verifactu']['records']
type Retry = RouterOutputs['admin']['verifactu']['retry']
type Correct = RouterOutputs['admin']['verifactu']['correct']

/** 10:00 in Madrid on 15 January 2027. */
const now = new Date('2027-01-15T09:00:00Z')

const orderId = '0b7c1a52-3f4e-4d6a-9a51-7f2c3b1e9d01'
/** A record's hash: 64 hexadecimal characters starting with `start`. */
const hashOf = (start: string) => start.padEnd(64, '0')

const record = (more: Partial<RecordRow>): RecordRow => ({
  id: crypto.randomUUID(),
  position: 1,
  kind: 'alta',
  invoiceNumber: '2027-000001',
  invoiceType: 'F2',
  orderId,
  totalCents: 12_100,
  hash: hashOf('aa'),
  createdAt: '2027-01-14T09:30:00.000Z',
  state: 'accepted',
  code: null,
  description: null,
  answeredAt: '2027-01-14T09:31:00.000Z',
  lastAttempt: null,
  correction: false,
  correctedBy: null,
  correctable: false,
  buyerSpanishNif: false,
  ...more,
})

/** One of each: the types, the kinds, the states and the ways a record waits. */
const sample: RecordRow[] = [
  record({ invoiceNumber: '2027-000009', invoiceType: 'F2', state: 'pending', answeredAt: null, createdAt: '2027-01-15T08:58:00.000Z' }),
  record({
    invoiceNumber: '2027-000008',
    invoiceType: 'F1',
    state: 'pending',
    answeredAt: null,
    lastAttempt: { sentAt: '2027-01-15T08:00:00.000Z', outcome: 'failed', error: 'connect ECONNREFUSED 10.0.0.7:443' },
  }),
  record({
    invoiceNumber: '2027-000007',
    invoiceType: 'F1',
    state: 'pending',
    answeredAt: null,
    lastAttempt: { sentAt: '2027-01-15T08:59:00.000Z', outcome: 'sending', error: null },
  }),
  record({
    invoiceNumber: '2027-000006',
    invoiceType: 'F1',
    state: 'rejected',
    code: '1100',
    description: 'Valor o tipo incorrecto del campo: IDDestinatario.',
    hash: hashOf('3c464dd3a7a1f09b'),
    totalCents: 2_420_000,
  }),
  record({ invoiceNumber: 'R2027-000001', invoiceType: 'R5', state: 'accepted_with_errors', code: '2000', description: 'Aviso de la AEAT.' }),
  record({ invoiceNumber: '2027-000005', invoiceType: 'F3', state: 'conflict', code: '3000', description: 'Registro de facturación duplicado.' }),
  record({ invoiceNumber: '2027-000004', kind: 'anulacion', invoiceType: 'F2', orderId: '5d0f3e8a-6b1c-4f2e-8a7d-2c9b4e1f6a03' }),
  record({ invoiceNumber: 'R2027-000000', invoiceType: 'R1', state: 'accepted' }),
]

const sending: Status = {
  mode: 'production',
  sending: true,
  certificate: null,
  warnFromDays: 30,
  attention: { rejected: 1, conflicts: 1, unsentLong: 0 },
  halt: null,
}

interface Server {
  url?: string
  language?: 'es' | 'en'
  records?: RecordRow[]
  service?: RecordsPage['service']
  count?: number
  pageCount?: number
  status?: Status
  retry?: () => Response | Promise<Response>
  correct?: (input: unknown) => Response | Promise<Response>
}

/** The records section on /admin/verifactu (at `url`), with a server answering its records, status and retry. */
function renderRecords({
  url = '/admin/verifactu',
  language = 'es',
  records = sample,
  service = 'production',
  count = records.length,
  pageCount = 1,
  status = sending,
  retry = () => answer({ kind: 'nothing' } satisfies Retry),
  correct = () => answer({ invoiceNumber: '2027-000013', position: 15, kind: 'alta' } satisfies Correct),
}: Server = {}) {
  const { calls, client } = fakeTrpc((path, input) => {
    if (path === 'admin.verifactu.records') return answer({ service, count, pageCount, records } satisfies RecordsPage)
    if (path === 'admin.verifactu.status') return answer(status)
    if (path === 'admin.verifactu.retry') return retry()
    if (path === 'admin.verifactu.correct') return correct(input)
    return reply(404, { error: { message: 'no such procedure', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path } } })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const { router } = renderAtRoute({
    path: '/admin/verifactu',
    url,
    validateSearch: parseVerifactuSearch,
    page: () => <VerifactuRecords now={now} />,
    language,
    wrap: (routed) => withTrpc(client, routed, queryClient),
  })
  /** What the table asked admin.verifactu.records, in order. */
  const asked = () => calls.filter((call) => call.path === 'admin.verifactu.records').map((call) => call.input)
  /** What the dialog sent admin.verifactu.correct, in order. */
  const corrections = () => calls.filter((call) => call.path === 'admin.verifactu.correct').map((call) => call.input)
  /** How many times the notice's status was asked for (again after a correction). */
  const statusAsked = () => calls.filter((call) => call.path === 'admin.verifactu.status').length
  return { router, asked, corrections, statusAsked }
}

/** The table's rows (below its header row), each as its cells' texts. */
async function rows() {
  const table = await screen.findByTestId('verifactu-records')
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent))
}

const cellOf = (row: HTMLElement, header: string) => {
  const table = row.closest('table')!
  const index = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent === header)
  return row.children[index] as HTMLElement
}
const rowOf = (invoice: string) => screen.getAllByRole('row').find((row) => row.getAttribute('data-invoice-number') === invoice)!

describe('<VerifactuRecords>', () => {
  it('lists the records with their invoice, type, total, date, state and the AEAT’s answer', async () => {
    renderRecords()
    expect(await screen.findByRole('heading', { level: 2, name: 'Registros enviados a Hacienda' })).toBeTruthy()
    const table = await screen.findByTestId('verifactu-records')
    // The section and the table's scrolling region, both named by the heading.
    expect(table.closest('[role="region"]')?.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { level: 2 }).id)
    expect(screen.getAllByRole('region', { name: 'Registros enviados a Hacienda' })).toHaveLength(2)
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Factura',
      'Tipo',
      'Total',
      'Hecho el',
      'Huella (hash)',
      'Estado',
      'Respuesta de Hacienda',
    ])
    const cells = (await rows()).map(([invoice, type, total, made, , state, said]) => [invoice, type, total, made, state, said])
    expect(cells).toEqual([
      ['2027-000009', 'Factura simplificada', '121,00\u00a0€', '15 ene 2027, 9:58', '○Pendiente', 'En espera de envío'],
      [
        '2027-000008',
        'Factura completa',
        '121,00\u00a0€',
        '14 ene 2027, 10:30',
        '○Pendiente',
        'Último intento, 15 ene 2027, 9:00: connect ECONNREFUSED 10.0.0.7:443',
      ],
      ['2027-000007', 'Factura completa', '121,00\u00a0€', '14 ene 2027, 10:30', '○Pendiente', 'En camino'],
      [
        '2027-000006',
        'Factura completa',
        '24.200,00\u00a0€',
        '14 ene 2027, 10:30',
        '✕Rechazado',
        '1100Valor o tipo incorrecto del campo: IDDestinatario.',
      ],
      ['R2027-000001', 'Factura rectificativa', '121,00\u00a0€', '14 ene 2027, 10:30', '!Aceptado con errores', '2000Aviso de la AEAT.'],
      [
        '2027-000005',
        'Factura completa que sustituye a una simplificada',
        '121,00\u00a0€',
        '14 ene 2027, 10:30',
        '≠Conflicto',
        '3000Registro de facturación duplicado.',
      ],
      ['2027-000004', 'Anulación', '121,00\u00a0€', '14 ene 2027, 10:30', '✓Aceptado', '—'],
      ['R2027-000000', 'Factura rectificativa', '121,00\u00a0€', '14 ene 2027, 10:30', '✓Aceptado', '—'],
    ])
    // The row says which record it is, for those who look for one.
    expect(rowOf('2027-000006').getAttribute('data-state')).toBe('rejected')
    expect(rowOf('2027-000004').getAttribute('data-kind')).toBe('anulacion')
    expect(screen.getByText('8 registros')).toBeTruthy()
    // The production service is not named; the test service is (below).
    expect(screen.queryByTestId('verifactu-service')).toBeNull()
  })

  it('names the invoice in each row’s header, a link to its order', async () => {
    renderRecords()
    await rows()
    const header = within(rowOf('2027-000006')).getByRole('rowheader')
    expect(within(header).getByRole('link', { name: '2027-000006' }).getAttribute('href')).toBe(`/admin/orders/${orderId}`)
    // A void's record opens the order of the invoice it voids.
    const voided = within(rowOf('2027-000004')).getByRole('rowheader')
    expect(within(voided).getByRole('link', { name: '2027-000004' }).getAttribute('href')).toBe('/admin/orders/5d0f3e8a-6b1c-4f2e-8a7d-2c9b4e1f6a03')
  })

  it('shows a hash’s first 12 characters, the whole of it one click away', async () => {
    renderRecords()
    await rows()
    const cell = cellOf(rowOf('2027-000006'), 'Huella (hash)')
    const details = cell.querySelector('details')!
    expect(details.open).toBe(false)
    expect(details.querySelector('summary')!.textContent).toBe('3c464dd3a7a1…')
    expect(details.querySelector('code')!.textContent).toBe(hashOf('3c464dd3a7a1f09b'))
    expect(hashOf('3c464dd3a7a1f09b')).toHaveLength(64)
  })

  it('labels each state by its text and a mark, not by its colour alone', async () => {
    renderRecords({ language: 'en' })
    await rows()
    const labels = screen.getAllByTestId('verifactu-state').map((label) => label.textContent)
    expect(labels).toEqual(['○Pending', '○Pending', '○Pending', '✕Rejected', '!Accepted with errors', '≠Conflict', '✓Accepted', '✓Accepted'])
    // The mark is for the eye: assistive technology reads the label.
    expect(screen.getAllByTestId('verifactu-state')[3]!.querySelector('[aria-hidden="true"]')!.textContent).toBe('✕')
  })

  it('says the columns, the types and the waiting records’ reasons in English', async () => {
    renderRecords({ language: 'en' })
    const cells = (await rows()).map(([invoice, type, , , , , said]) => [invoice, type, said])
    expect(cells).toEqual([
      ['2027-000009', 'Simplified invoice', 'Waiting to be sent'],
      ['2027-000008', 'Full invoice', 'Last attempt 15 Jan 2027, 09:00: connect ECONNREFUSED 10.0.0.7:443'],
      ['2027-000007', 'Full invoice', 'On its way'],
      ['2027-000006', 'Full invoice', '1100Valor o tipo incorrecto del campo: IDDestinatario.'],
      ['R2027-000001', 'Corrective invoice', '2000Aviso de la AEAT.'],
      ['2027-000005', 'Full invoice replacing a simplified one', '3000Registro de facturación duplicado.'],
      ['2027-000004', 'Void (anulación)', '—'],
      ['R2027-000000', 'Corrective invoice', '—'],
    ])
    // The AEAT's text is Spanish, and marked so.
    expect(within(cellOf(rowOf('2027-000006'), 'Hacienda’s answer')).getByText('Valor o tipo incorrecto del campo: IDDestinatario.').lang).toBe('es')
    expect(screen.getByText('8 records')).toBeTruthy()
  })

  it('says a last attempt without an error by its time alone', async () => {
    renderRecords({
      records: [record({ state: 'pending', answeredAt: null, lastAttempt: { sentAt: '2027-01-15T08:00:00.000Z', outcome: 'fault', error: null } })],
    })
    expect((await rows())[0]![6]).toBe('Último intento: 15 ene 2027, 9:00')
  })

  it('names the AEAT’s test service when the records are its', async () => {
    renderRecords({ service: 'test', count: 1, records: [record({})] })
    expect((await screen.findByTestId('verifactu-service')).textContent).toBe('Entorno de pruebas de la AEAT')
    expect(screen.getByText('1 registro')).toBeTruthy()
  })

  it('says when there are no records yet, and when none match the filters', async () => {
    renderRecords({ records: [] })
    expect(await screen.findByText('Todavía no hay registros')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('0 registros')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Quitar los filtros' })).toBeNull()
    cleanup()
    renderRecords({ records: [], url: '/admin/verifactu?state=rejected', language: 'en' })
    expect(await screen.findByText('No records match these filters.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/admin/verifactu')
  })
})

describe('the records’ filters', () => {
  it('offers every state and the last 12 months, all of them by default', async () => {
    const { asked } = renderRecords()
    await rows()
    const state = screen.getByLabelText<HTMLSelectElement>('Estado')
    const month = screen.getByLabelText<HTMLSelectElement>('Mes')
    expect(screen.getByRole('group', { name: 'Filtrar registros' })).toBeTruthy()
    expect([...state.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Todos los estados'],
      ['pending', 'Pendiente'],
      ['accepted', 'Aceptado'],
      ['accepted_with_errors', 'Aceptado con errores'],
      ['rejected', 'Rechazado'],
      ['conflict', 'Conflicto'],
    ])
    const months = [...month.options].map((option) => [option.value, option.text])
    expect(months).toHaveLength(13)
    expect(months.slice(0, 3)).toEqual([
      ['', 'Todos los meses'],
      ['2027-01', 'enero de 2027'],
      ['2026-12', 'diciembre de 2026'],
    ])
    expect(months.at(-1)).toEqual(['2026-02', 'febrero de 2026'])
    expect([state.value, month.value]).toEqual(['', ''])
    expect(asked()).toEqual([{ page: 1 }])
  })

  it('puts the state and the month in the URL, and asks for them', async () => {
    const { router, asked } = renderRecords()
    await rows()
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'rejected' } })
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'rejected' }))
    fireEvent.change(screen.getByLabelText('Mes'), { target: { value: '2026-12' } })
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'rejected', month: '2026-12' }))
    expect(router.state.location.href).toBe('/admin/verifactu?state=rejected&month=2026-12')
    await waitFor(() => expect(asked()).toEqual([{ page: 1 }, { state: 'rejected', page: 1 }, { state: 'rejected', month: '2026-12', page: 1 }]))
    // Any state again: the filter leaves the URL.
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: '' } })
    await waitFor(() => expect(router.state.location.search).toEqual({ month: '2026-12' }))
  })

  it('reads the filters from the URL (the notice’s links), leaving out what is malformed', async () => {
    const { asked } = renderRecords({ url: '/admin/verifactu?state=pending&month=2026-12&page=2', pageCount: 3 })
    await rows()
    expect(screen.getByLabelText<HTMLSelectElement>('Estado').value).toBe('pending')
    expect(screen.getByLabelText<HTMLSelectElement>('Mes').value).toBe('2026-12')
    expect(asked()).toEqual([{ state: 'pending', month: '2026-12', page: 2 }])
    cleanup()
    const malformed = renderRecords({ url: '/admin/verifactu?state=lost&month=2026-13' })
    await rows()
    expect(malformed.asked()).toEqual([{ page: 1 }])
    expect(screen.getByLabelText<HTMLSelectElement>('Estado').value).toBe('')
  })

  it('offers an older month the URL asks for', async () => {
    renderRecords({ url: '/admin/verifactu?month=2025-06' })
    await rows()
    const month = screen.getByLabelText<HTMLSelectElement>('Mes')
    expect(month.value).toBe('2025-06')
    expect(month.options[month.options.length - 1]!.text).toBe('junio de 2025')
  })

  it('pages through the records, and starts again at the first page on a new filter', async () => {
    const { router } = renderRecords({ pageCount: 3, count: 60 })
    await rows()
    const pages = screen.getByRole('navigation', { name: 'Páginas de registros' })
    fireEvent.click(within(pages).getByRole('button', { name: 'Siguiente' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }))
    await screen.findByText('Página 2 de 3')
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'conflict' } })
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'conflict' }))
  })
})

describe('“Reintentar ahora”', () => {
  const retried = async (outcome: Retry, language: 'es' | 'en' = 'es') => {
    renderRecords({ retry: () => answer(outcome), language })
    fireEvent.click(await screen.findByRole('button', { name: language === 'es' ? 'Reintentar ahora' : 'Retry now' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1))
    return vi.mocked(toast.success).mock.calls[0]![0]
  }

  it('says nothing was waiting', async () => {
    expect(await retried({ kind: 'nothing' })).toBe('No hay registros pendientes de enviar a Hacienda.')
  })

  it('says the waiting records go within a few seconds', async () => {
    expect(await retried({ kind: 'soon' })).toBe('Los registros pendientes se enviarán a Hacienda en unos segundos.')
    cleanup()
    vi.mocked(toast.success).mockClear()
    expect(await retried({ kind: 'soon' }, 'en')).toBe('The waiting records will be sent to Hacienda within a few seconds.')
  })

  it('says until when the AEAT asked to wait, in Spain’s time', async () => {
    expect(await retried({ kind: 'aeatWait', until: '2027-01-15T09:05:00.000Z' })).toBe(
      'Hacienda ha pedido esperar hasta el 15 ene 2027, 10:05: los registros pendientes se enviarán entonces, solos.',
    )
    cleanup()
    vi.mocked(toast.success).mockClear()
    expect(await retried({ kind: 'aeatWait', until: '2027-01-15T09:05:00.000Z' }, 'en')).toBe(
      'Hacienda asked to wait until 15 Jan 2027, 10:05: the waiting records will be sent then, by themselves.',
    )
  })

  it('is disabled while it runs', async () => {
    let release: (response: Response) => void = () => {}
    renderRecords({ retry: () => new Promise<Response>((resolve) => (release = resolve)) })
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Reintentar ahora' })
    fireEvent.click(button)
    await waitFor(() => expect(button.disabled).toBe(true))
    await act(async () => release(answer({ kind: 'soon' })))
    await waitFor(() => expect(button.disabled).toBe(false))
    expect(toast.success).toHaveBeenCalledWith('Los registros pendientes se enviarán a Hacienda en unos segundos.')
  })

  it('says the server’s refusal', async () => {
    const message =
      'Las facturas no se están enviando a Hacienda (VERI*FACTU está desactivado o falta el certificado), así que no hay nada que reintentar.'
    renderRecords({
      retry: () =>
        reply(409, { error: { message, code: -32009, data: { code: 'CONFLICT', httpStatus: 409, path: 'admin.verifactu.retry', zodIssues: null } } }),
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar ahora' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message))
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('is offered only while the records can be sent', async () => {
    for (const status of [
      { ...sending, sending: false },
      { ...sending, mode: 'off', sending: false, attention: null },
    ] satisfies Status[]) {
      renderRecords({ status })
      await rows()
      // The status has been read: the button would be there by now.
      await act(async () => {})
      expect(screen.queryByRole('button', { name: 'Reintentar ahora' })).toBeNull()
      cleanup()
    }
  })
})

describe('correcting a record (subsanación)', () => {
  const census = 'El NIF no está identificado en el censo de la AEAT.'
  const rejectedByCensus = record({
    position: 13,
    invoiceNumber: '2027-000013',
    invoiceType: 'F1',
    state: 'rejected',
    code: '1110',
    description: census,
    correctable: true,
    buyerSpanishNif: true,
  })
  const rejectedOtherwise = record({
    position: 10,
    invoiceNumber: '2027-000010',
    invoiceType: 'F1',
    state: 'rejected',
    code: '1100',
    description: 'Valor o tipo incorrecto del campo: IDDestinatario.',
    correctable: true,
    buyerSpanishNif: true,
  })
  const acceptedWithErrors = record({
    position: 11,
    invoiceNumber: '2027-000011',
    invoiceType: 'F2',
    state: 'accepted_with_errors',
    code: '2000',
    description: 'Aviso de la AEAT.',
    correctable: true,
  })
  const rejectedVoid = record({
    position: 9,
    invoiceNumber: '2027-000009',
    kind: 'anulacion',
    state: 'rejected',
    code: '3002',
    description: 'No existe el registro de facturación.',
    correctable: true,
  })
  /** Records of the chain, newest first: a subsanación (14) of a rejected record (12), four that can be corrected, an accepted anulación. */
  const chain: RecordRow[] = [
    record({ position: 14, invoiceNumber: '2027-000012', invoiceType: 'F1', state: 'accepted', correction: true, buyerSpanishNif: true }),
    rejectedByCensus,
    record({
      position: 12,
      invoiceNumber: '2027-000012',
      invoiceType: 'F1',
      state: 'rejected',
      code: '1110',
      description: census,
      correctedBy: 14,
      buyerSpanishNif: true,
    }),
    acceptedWithErrors,
    rejectedOtherwise,
    rejectedVoid,
    record({ position: 8, invoiceNumber: '2027-000008', kind: 'anulacion', state: 'accepted' }),
  ]
  const rowAt = (position: number) => screen.getAllByRole('row').find((row) => row.getAttribute('data-position') === String(position))!
  const openDialog = async (invoice: string, language: 'es' | 'en' = 'es') => {
    const name = language === 'es' ? `Corregir el registro de la factura ${invoice}` : `Correct the record of invoice ${invoice}`
    fireEvent.click(await screen.findByRole('button', { name }))
    return screen.findByRole('dialog', { name })
  }
  const checkboxName = 'El NIF del comprador es correcto pero no figura en el censo de Hacienda: enviarlo como no censado'

  it('offers “Correct…” only on the records the AEAT rejected or accepted with errors that no correction corrected', async () => {
    renderRecords({ records: chain })
    await rows()
    const buttons = await screen.findAllByTestId('verifactu-correct')
    expect(buttons.map((button) => button.closest('tr')!.getAttribute('data-position'))).toEqual(['13', '11', '10', '9'])
    // The text seen is short; the name says which record, the text seen first (label in name).
    expect(buttons.map((button) => [button.textContent, button.getAttribute('aria-label')])).toEqual([
      ['Corregir…', 'Corregir el registro de la factura 2027-000013'],
      ['Corregir…', 'Corregir el registro de la factura 2027-000011'],
      ['Corregir…', 'Corregir el registro de la factura 2027-000010'],
      ['Corregir…', 'Corregir el registro de la factura 2027-000009'],
    ])
    // Under the AEAT's answer, in the column its header names.
    expect(within(cellOf(rowAt(13), 'Respuesta de Hacienda')).getByRole('button').textContent).toBe('Corregir…')
    for (const position of [14, 12, 8]) expect(within(rowAt(position)).queryByRole('button')).toBeNull()
  })

  it('offers no correction while VERI*FACTU is off (the server would refuse it)', async () => {
    renderRecords({ records: chain, status: { ...sending, mode: 'off', sending: false, attention: null } })
    await rows()
    await act(async () => {})
    expect(screen.queryAllByTestId('verifactu-correct')).toEqual([])
  })

  it('tags a correction, and says by which record a corrected one was corrected', async () => {
    renderRecords({ records: chain })
    await rows()
    expect(cellOf(rowAt(14), 'Tipo').textContent).toBe('Factura completa Corrección (subsanación)')
    expect(screen.getAllByTestId('verifactu-correction')).toHaveLength(1)
    expect(cellOf(rowAt(12), 'Respuesta de Hacienda').textContent).toBe(`1110${census}Corregido por el registro n.º 14`)
    expect(screen.getAllByTestId('verifactu-corrected-by').map((note) => note.closest('tr')!.getAttribute('data-position'))).toEqual(['12'])
    expect(cellOf(rowAt(13), 'Tipo').textContent).toBe('Factura completa')
    cleanup()
    renderRecords({ records: chain, language: 'en' })
    await rows()
    expect(cellOf(rowAt(14), 'Type').textContent).toBe('Full invoice Correction (subsanación)')
    expect(screen.getByTestId('verifactu-corrected-by').textContent).toBe('Corrected by record no. 14')
  })

  it('says in a dialog what a correction is and what to do first, with the AEAT’s answer', async () => {
    const { corrections } = renderRecords({ records: chain })
    const dialog = await openDialog('2027-000013')
    expect(dialog.getAttribute('role')).toBe('dialog')
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!
    expect(description.textContent).toBe(
      'Una corrección (subsanación) es un registro nuevo de la misma factura, que se envía a Hacienda con los próximos registros. Este registro se queda como está.' +
        'Antes, corrija la causa: la corrección repite la factura tal como se emitió, con la configuración del sistema de facturación tal como está ahora (variables VERIFACTU_*). Si lo que está mal es la propia factura, una corrección no puede cambiarla: emita una factura rectificativa (o anúlela) desde la página de su pedido.',
    )
    expect(within(dialog).getByRole('link', { name: 'la página de su pedido' }).getAttribute('href')).toBe(`/admin/orders/${orderId}`)
    expect(within(dialog).getByTestId('verifactu-correct-answer').textContent).toBe(`Respuesta de Hacienda1110${census}`)
    expect(within(dialog).getByText(census).lang).toBe('es')
    expect(within(dialog).getByRole('button', { name: 'Enviar la corrección' })).toBeTruthy()
    // Cancel sends nothing, and gives the focus back to the button that opened the dialog.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Corregir el registro de la factura 2027-000013' }))
    expect(corrections()).toEqual([])
  })

  it('offers to send the buyer as not in the census only for a Spanish NIF, ticked when the AEAT’s answer speaks of the census', async () => {
    renderRecords({ records: chain })
    const byCensus = await openDialog('2027-000013')
    const box = within(byCensus).getByRole<HTMLInputElement>('checkbox', { name: checkboxName })
    expect(box.checked).toBe(true)
    expect(box.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Compruebe antes el NIF con el comprador: una corrección no puede arreglar un NIF erróneo.',
    )
    fireEvent.click(within(byCensus).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(byCensus.isConnected).toBe(false))
    // Another reason: the box is there, not ticked.
    const otherwise = await openDialog('2027-000010')
    expect(within(otherwise).getByRole<HTMLInputElement>('checkbox', { name: checkboxName }).checked).toBe(false)
    fireEvent.click(within(otherwise).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(otherwise.isConnected).toBe(false))
    // A simplified invoice names no buyer: no box.
    const simplified = await openDialog('2027-000011')
    expect(within(simplified).queryByRole('checkbox')).toBeNull()
  })

  it('sends the correction, says so, closes, fetches the records again and puts the focus on the section’s heading', async () => {
    const { corrections, asked, statusAsked } = renderRecords({ records: chain })
    const dialog = await openDialog('2027-000013')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar la corrección' }))
    })
    await waitFor(() => expect(corrections()).toEqual([{ id: rejectedByCensus.id, unregisteredBuyer: true }]))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(toast.success).toHaveBeenCalledWith('Corrección de la factura 2027-000013 creada: se enviará a Hacienda con los próximos registros.')
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Registros enviados a Hacienda' }))
    // The table and the notice's counts are asked for again.
    await waitFor(() => expect(asked()).toHaveLength(2))
    expect(statusAsked()).toBe(2)
  })

  it('sends a rejected void (anulación) again, after a dialog that says what it is; no census box', async () => {
    const { corrections } = renderRecords({
      records: chain,
      correct: () => answer({ invoiceNumber: '2027-000009', position: 15, kind: 'anulacion' } satisfies Correct),
    })
    const dialog = await openDialog('2027-000009')
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!
    expect(description.textContent).toBe(
      'Hacienda rechazó esta anulación. Se enviará con los próximos registros una anulación nueva de la misma factura, que dice que la anterior fue rechazada; si Hacienda no tiene ningún registro de la factura (porque también rechazó su registro), lo dice también. Este registro se queda como está.' +
        'Antes, corrija la causa que indica la respuesta de Hacienda: la anulación nueva lleva la configuración del sistema de facturación tal como está ahora (variables VERIFACTU_*). La factura sigue anulada en la página de su pedido.',
    )
    expect(within(dialog).getByTestId('verifactu-correct-answer').textContent).toBe('Respuesta de Hacienda3002No existe el registro de facturación.')
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Volver a enviar la anulación' }))
    })
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(corrections()).toEqual([{ id: rejectedVoid.id, unregisteredBuyer: false }])
    expect(toast.success).toHaveBeenCalledWith('Nueva anulación de la factura 2027-000009 creada: se enviará a Hacienda con los próximos registros.')
  })

  it('sends the buyer as registered when the box is left unticked, and always for an invoice without a Spanish NIF', async () => {
    const { corrections } = renderRecords({ records: chain, language: 'en' })
    const byCensus = await openDialog('2027-000013', 'en')
    fireEvent.click(
      within(byCensus).getByRole('checkbox', { name: 'The buyer’s NIF is right but Hacienda’s census does not hold it: send it as not registered' }),
    )
    await act(async () => {
      fireEvent.click(within(byCensus).getByRole('button', { name: 'Send the correction' }))
    })
    await waitFor(() => expect(byCensus.isConnected).toBe(false))
    expect(toast.success).toHaveBeenCalledWith('Correction of invoice 2027-000013 made: it goes to Hacienda with the next records.')
    const simplified = await openDialog('2027-000011', 'en')
    await act(async () => {
      fireEvent.click(within(simplified).getByRole('button', { name: 'Send the correction' }))
    })
    await waitFor(() => expect(simplified.isConnected).toBe(false))
    expect(corrections()).toEqual([
      { id: rejectedByCensus.id, unregisteredBuyer: false },
      { id: acceptedWithErrors.id, unregisteredBuyer: false },
    ])
  })

  it('keeps the dialog open with the server’s reason when the invoice has no Spanish NIF after all', async () => {
    const message = 'Esta factura no identifica al comprador con un NIF español, así que no se puede enviar como no censado.'
    renderRecords({
      records: chain,
      correct: () =>
        reply(400, {
          error: { message, code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'admin.verifactu.correct', zodIssues: null } },
        }),
    })
    const dialog = await openDialog('2027-000013')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar la corrección' }))
    })
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message)
    expect(dialog.isConnected).toBe(true)
    expect(toast.success).not.toHaveBeenCalled()
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('closes with the server’s reason when the record cannot be corrected any more', async () => {
    const message =
      'Solo se puede corregir un registro que Hacienda haya rechazado (o un registro de alta que haya aceptado con errores) y que aún no se haya corregido.'
    const { asked } = renderRecords({
      records: chain,
      correct: () =>
        reply(409, {
          error: { message, code: -32009, data: { code: 'CONFLICT', httpStatus: 409, path: 'admin.verifactu.correct', zodIssues: null } },
        }),
    })
    const dialog = await openDialog('2027-000013')
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar la corrección' }))
    })
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(toast.success).not.toHaveBeenCalled()
    // Someone changed the record meanwhile: the table is fetched again.
    await waitFor(() => expect(asked()).toHaveLength(2))
  })

  it('is disabled while the correction is being made', async () => {
    let release: (response: Response) => void = () => {}
    renderRecords({ records: chain, correct: () => new Promise<Response>((resolve) => (release = resolve)) })
    const dialog = await openDialog('2027-000013')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar la corrección' }))
    const working = await within(dialog).findByRole<HTMLButtonElement>('button', { name: 'Enviando...' })
    expect(working.disabled).toBe(true)
    // Escape does not close it meanwhile.
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(dialog.isConnected).toBe(true)
    await act(async () => release(answer({ invoiceNumber: '2027-000013', position: 15, kind: 'alta' } satisfies Correct)))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
  })
})
