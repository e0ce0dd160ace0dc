// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast } from '../../lib/toast.ts'
import { answer, fakeTrpc, renderAtRoute, reply, withTrpc } from '../../lib/testing.tsx'
import type { RouterOutputs } from '../../lib/trpc.ts'
import { AdminVerifactu } from './AdminVerifactu.tsx'
import { parseVerifactuSearch } from './verifactu/verifactu-search.ts'

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

afterEach(cleanup)
beforeEach(() => {
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.error).mockClear()
  // The router scrolls to the top after a navigation: jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
})

/** 10:00 in Madrid on 15 January 2027. */
const now = new Date('2027-01-15T09:00:00Z')

type Status = RouterOutputs['admin']['verifactu']['status']
type RecordsPage = RouterOutputs['admin']['verifactu']['records']

const status: Status = {
  mode: 'production',
  sending: true,
  certificate: null,
  warnFromDays: 30,
  attention: { rejected: 0, conflicts: 0, unsentLong: 0 },
  halt: null,
}
const noRecords: RecordsPage = { service: 'production', count: 0, pageCount: 1, records: [] }

type Resume = RouterOutputs['admin']['verifactu']['resume']

/** Invoicing stopped at 10:30 in Madrid on 14 January 2027, after a restore or a conflict. */
const restored: Status = { ...status, halt: { reason: 'restore', detail: 'panel-shop-2027-01-10T03-00-00.dump', since: '2027-01-14T09:30:00.000Z' } }
const conflicting: Status = { ...status, halt: { reason: 'conflict', detail: '2027-000042', since: '2027-01-14T09:30:00.000Z' } }

/**
 * The page at /admin/verifactu (its records table asks its route for the filters), once its records
 * have been answered; the server's status is `answered` until invoicing resumes (`invoiced` orders
 * invoiced then), then without its halt.
 */
async function renderPage(language: 'es' | 'en', at = now, answered: Status = status, invoiced = 0) {
  let resumed = false
  const { calls, client } = fakeTrpc((path) => {
    if (path === 'admin.verifactu.status') return answer(resumed ? { ...answered, halt: null } : answered)
    if (path === 'admin.verifactu.records') return answer(noRecords)
    if (path === 'admin.verifactu.resume') {
      resumed = true
      return answer({ invoiced } satisfies Resume)
    }
    return reply(404, { error: { message: 'no such procedure', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path } } })
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderAtRoute({
    path: '/admin/verifactu',
    validateSearch: parseVerifactuSearch,
    page: () => <AdminVerifactu now={at} />,
    language,
    wrap: (routed) => withTrpc(client, routed, queryClient),
  })
  await screen.findByText(language === 'es' ? 'Todavía no hay registros' : 'No records yet')
  /** The procedures the page called, in order. */
  const called = () => calls.map((call) => call.path)
  return { called }
}

/** A form's address, method and fields as the browser sends them (a GET needs no JavaScript). */
function submitted(form: HTMLFormElement) {
  return {
    action: form.getAttribute('action'),
    method: form.getAttribute('method'),
    fields: [...new FormData(form).entries()],
  }
}

const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => [option.value, option.text])

describe('<AdminVerifactu>', () => {
  it('titles the page Hacienda (VERI*FACTU) in both languages', async () => {
    await renderPage('es')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hacienda (VERI*FACTU)')
    cleanup()
    await renderPage('en')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hacienda (VERI*FACTU)')
  })

  it('shows the records sent to Hacienda first, then the downloads', async () => {
    await renderPage('es')
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Registros enviados a Hacienda',
      'Libro registro de facturas expedidas',
      'Registros para una inspección',
    ])
    expect(
      screen.getByText('Los registros de las facturas enviados a Hacienda y sus respuestas; descargas para su gestoría y para una inspección.'),
    ).toBeTruthy()
    cleanup()
    await renderPage('en')
    expect(screen.getAllByRole('heading', { level: 2 })[0]!.textContent).toBe('Records sent to Hacienda')
    expect(await screen.findByRole('button', { name: 'Retry now' })).toBeTruthy()
  })

  it('downloads the invoice book of a month or a quarter as CSV or XLSX, the current month by default', async () => {
    await renderPage('es')
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Libro registro de facturas expedidas' })
    const section = screen.getByRole('region', { name: 'Libro registro de facturas expedidas' })
    expect(submitted(form)).toEqual({ action: '/admin/verifactu/book.csv', method: 'get', fields: [['period', '2027-01']] })
    expect(
      within(section).getByText(
        'Número, fecha, tipo, NIF y nombre del destinatario, base imponible, tipo y cuota de IVA, recargo de equivalencia, total y la factura rectificada o sustituida de cada factura del periodo, para su gestoría.',
      ),
    ).toBeTruthy()
    const period = within(form).getByLabelText<HTMLSelectElement>('Periodo')
    expect(period.name).toBe('period')
    expect(period.value).toBe('2027-01')
    expect(optionTexts(period)).toEqual([
      ['2027-01', 'enero de 2027'],
      ['2026-12', 'diciembre de 2026'],
      ['2026-11', 'noviembre de 2026'],
      ['2026-10', 'octubre de 2026'],
      ['2026-09', 'septiembre de 2026'],
      ['2026-08', 'agosto de 2026'],
      ['2026-07', 'julio de 2026'],
      ['2026-06', 'junio de 2026'],
      ['2026-05', 'mayo de 2026'],
      ['2026-04', 'abril de 2026'],
      ['2026-03', 'marzo de 2026'],
      ['2026-02', 'febrero de 2026'],
      ['2027-Q1', '1.º trimestre de 2027'],
      ['2026-Q4', '4.º trimestre de 2026'],
      ['2026-Q3', '3.º trimestre de 2026'],
      ['2026-Q2', '2.º trimestre de 2026'],
      ['2026-Q1', '1.º trimestre de 2026'],
    ])
    const csv = within(form).getByRole<HTMLButtonElement>('button', { name: 'Descargar CSV' })
    const xlsx = within(form).getByRole<HTMLButtonElement>('button', { name: 'Descargar Excel (XLSX)' })
    expect([csv.type, csv.getAttribute('formaction')]).toEqual(['submit', '/admin/verifactu/book.csv'])
    expect([xlsx.type, xlsx.getAttribute('formaction')]).toEqual(['submit', '/admin/verifactu/book.xlsx'])
  })

  it('says the book’s periods and buttons in English', async () => {
    await renderPage('en')
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Register of issued invoices (libro registro de facturas expedidas)' })
    const section = screen.getByRole('region', { name: 'Register of issued invoices (libro registro de facturas expedidas)' })
    expect(
      within(section).getByText(
        'Number, date, type, buyer’s tax id and name, taxable base, IVA rate and amount, recargo de equivalencia, total and the corrected or replaced invoice of every invoice of the period, for your accountant.',
      ),
    ).toBeTruthy()
    const period = within(form).getByLabelText<HTMLSelectElement>('Period')
    const options = optionTexts(period)
    expect(options.slice(0, 2)).toEqual([
      ['2027-01', 'January 2027'],
      ['2026-12', 'December 2026'],
    ])
    expect(options.slice(12)).toEqual([
      ['2027-Q1', 'Q1 2027'],
      ['2026-Q4', 'Q4 2026'],
      ['2026-Q3', 'Q3 2026'],
      ['2026-Q2', 'Q2 2026'],
      ['2026-Q1', 'Q1 2026'],
    ])
    expect(within(form).getByRole('button', { name: 'Download CSV' }).getAttribute('formaction')).toBe('/admin/verifactu/book.csv')
    expect(within(form).getByRole('button', { name: 'Download Excel (XLSX)' }).getAttribute('formaction')).toBe('/admin/verifactu/book.xlsx')
  })

  it('downloads the records of an inspection’s days as XML, from the first of the month to today by default', async () => {
    await renderPage('es')
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Registros para una inspección' })
    const section = screen.getByRole('region', { name: 'Registros para una inspección' })
    expect(submitted(form)).toEqual({
      action: '/admin/verifactu/records.xml',
      method: 'get',
      fields: [
        ['from', '2027-01-01'],
        ['to', '2027-01-15'],
      ],
    })
    expect(
      within(section).getByText(
        'Los registros de facturación del periodo tal como los recibe la AEAT (RegFactuSistemaFacturacion), como máximo 1.000 por archivo.',
      ),
    ).toBeTruthy()
    for (const [label, name] of [
      ['Primer día', 'from'],
      ['Último día', 'to'],
    ] as const) {
      const field = within(form).getByLabelText<HTMLInputElement>(label)
      expect([field.name, field.type, field.required]).toEqual([name, 'date', true])
    }
    expect(within(form).getByRole<HTMLButtonElement>('button', { name: 'Descargar XML' }).type).toBe('submit')
  })

  it('labels the inspection’s days in English', async () => {
    await renderPage('en')
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Records for an inspection' })
    const section = screen.getByRole('region', { name: 'Records for an inspection' })
    expect(
      within(section).getByText('The billing records of the period as the AEAT receives them (RegFactuSistemaFacturacion), at most 1,000 per file.'),
    ).toBeTruthy()
    expect(within(form).getByLabelText<HTMLInputElement>('First day').value).toBe('2027-01-01')
    expect(within(form).getByLabelText<HTMLInputElement>('Last day').value).toBe('2027-01-15')
    expect(within(form).getByRole('button', { name: 'Download XML' })).toBeTruthy()
  })

  it('counts the days in Spain: 23:30 UTC on 31 December 2026 is already 1 January 2027', async () => {
    await renderPage('es', new Date('2026-12-31T23:30:00Z'))
    expect(screen.getByLabelText<HTMLSelectElement>('Periodo').value).toBe('2027-01')
    expect(screen.getByLabelText<HTMLInputElement>('Primer día').value).toBe('2027-01-01')
    expect(screen.getByLabelText<HTMLInputElement>('Último día').value).toBe('2027-01-01')
  })

  it('links to the system’s declaración responsable, a page the server makes', async () => {
    await renderPage('es')
    expect(screen.getByRole('link', { name: 'Declaración responsable del sistema' }).getAttribute('href')).toBe('/admin/verifactu/declaracion')
    cleanup()
    await renderPage('en')
    expect(screen.getByRole('link', { name: 'The system’s declaración responsable' }).getAttribute('href')).toBe('/admin/verifactu/declaracion')
  })

  it('says nothing of a halt while invoicing runs', async () => {
    await renderPage('es')
    expect(screen.queryByTestId('invoicing-halt')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Reanudar la facturación' })).toBeNull()
  })

  it('says first, while invoicing is stopped after a restore, what to check before resuming', async () => {
    await renderPage('es', now, restored)
    const section = await screen.findByRole('region', { name: 'Facturación detenida' })
    expect(section.getAttribute('data-testid')).toBe('invoicing-halt')
    expect(screen.getAllByRole('heading', { level: 2 })[0]!.textContent).toBe('Facturación detenida')
    expect(within(section).getByTestId('invoicing-halt-checks').textContent).toBe(
      'Antes de reanudar, compruebe en la sede electrónica de la AEAT (consulta de registros de facturación) y en los correos enviados que la última factura emitida es la última que muestra esta página. Si se emitieron facturas después de la copia, no reanude: esos números se repetirían y la cadena de registros se bifurcaría; restaure una copia más reciente o contacte con soporte.',
    )
    expect(within(section).getByRole('button', { name: 'Reanudar la facturación' })).toBeTruthy()
  })

  it('says what to check after a conflict, naming the invoice, in both languages', async () => {
    await renderPage('es', now, conflicting)
    const section = await screen.findByRole('region', { name: 'Facturación detenida' })
    expect(within(section).getByTestId('invoicing-halt-checks').textContent).toBe(
      'Hacienda tiene otro registro de la factura 2027-000042: esta tienda la emitió de nuevo con un número que ya existía (por ejemplo, tras restaurar una copia). Compruebe en la sede electrónica de la AEAT qué factura tiene ese número y, antes de reanudar, asegúrese de que no se emitirán más números repetidos.',
    )
    cleanup()
    await renderPage('en', now, conflicting)
    const english = await screen.findByRole('region', { name: 'Invoicing stopped' })
    expect(within(english).getByTestId('invoicing-halt-checks').textContent).toBe(
      'Hacienda holds another record of invoice 2027-000042: this shop issued it again with a number that already existed (after restoring a backup, for example). Check on the AEAT’s website (sede electrónica) which invoice has that number and, before resuming, make sure no more repeated numbers will be issued.',
    )
    expect(within(english).getByRole('button', { name: 'Resume invoicing' })).toBeTruthy()
  })

  it('asks before resuming; Cancel sends nothing', async () => {
    const { called } = await renderPage('es', now, restored)
    fireEvent.click(await screen.findByRole('button', { name: 'Reanudar la facturación' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reanudar la facturación?' })
    const description = document.getElementById(dialog.getAttribute('aria-describedby')!)!
    expect(description.textContent).toBe(
      'Los pedidos pagados o reembolsados mientras tanto recibirán ahora su factura, en el orden en que se pagaron. Hágalo solo después de comprobar lo anterior.',
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(called()).not.toContain('admin.verifactu.resume')
    expect(screen.getByTestId('invoicing-halt')).toBeTruthy()
  })

  it('resumes invoicing once confirmed, says how many orders were invoiced and drops the section', async () => {
    const { called } = await renderPage('es', now, restored, 3)
    fireEvent.click(await screen.findByRole('button', { name: 'Reanudar la facturación' }))
    const dialog = await screen.findByRole('alertdialog', { name: '¿Reanudar la facturación?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reanudar la facturación' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Facturación reanudada: 3 pedidos facturados'))
    expect(called().filter((path) => path === 'admin.verifactu.resume')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByTestId('invoicing-halt')).toBeNull())
    // The section went with the refetched status: the keyboard lands on the records, above the new invoices' records.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Registros enviados a Hacienda' }))
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('says one order invoiced in the singular, and in English', async () => {
    await renderPage('es', now, conflicting, 1)
    fireEvent.click(await screen.findByRole('button', { name: 'Reanudar la facturación' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reanudar la facturación' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Facturación reanudada: 1 pedido facturado'))
    cleanup()
    vi.mocked(toast.success).mockClear()
    await renderPage('en', now, conflicting, 2)
    fireEvent.click(await screen.findByRole('button', { name: 'Resume invoicing' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Resume invoicing?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resume invoicing' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Invoicing resumed: 2 orders invoiced'))
  })
})
