// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInLanguage } from '../../../tests/helpers/render.tsx'
import { answer, fakeTrpc, reply, withTrpc } from '../../lib/testing.tsx'
import type { RouterOutputs } from '../../lib/trpc.ts'
import { VerifactuNotice } from './VerifactuNotice.tsx'

afterEach(cleanup)

type Status = RouterOutputs['admin']['verifactu']['status']

const subject = 'CN=PANELES EJEMPLO SL - B12345674'
/** A certificate expiring on 3 March 2027 (a day in Spain), `daysLeft` days from now as the server counts them. */
const certificate = (daysLeft: number) => ({ subject, expiresAt: '2027-03-03T10:00:00.000Z', daysLeft })
/** Records that need nothing of the owner. */
const calm = { rejected: 0, conflicts: 0, unsentLong: 0 }
/** A status as the server answers it: no attention while VERI*FACTU is off. */
const status = (more: Partial<Status>): Status => ({
  mode: 'production',
  sending: true,
  certificate: certificate(200),
  warnFromDays: 30,
  attention: more.mode === 'off' ? null : calm,
  halt: null,
  ...more,
})

/** The notice on an admin page, with a server answering admin.verifactu.status with `answered` (or failing). */
function renderNotice(answered: Status | 'failure', language: 'es' | 'en' = 'es') {
  const { calls, client } = fakeTrpc(() =>
    answered === 'failure' ? reply(500, { error: { message: 'Internal server error', code: -32603 } }) : answer(answered),
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  renderInLanguage(withTrpc(client, <VerifactuNotice />, queryClient), language)
  // Settled once the status has been asked for and answered (or refused).
  const settled = () =>
    waitFor(() => {
      expect(calls.map((call) => call.path)).toEqual(['admin.verifactu.status'])
      expect(queryClient.isFetching()).toBe(0)
    })
  return { settled }
}

/** The notice's region (named, never an alert: it shows on every admin page) and its words. */
async function notice(name = 'Envío de facturas a Hacienda') {
  const region = await screen.findByRole('region', { name })
  expect(screen.queryByRole('alert')).toBeNull()
  return region
}

describe('<VerifactuNotice>', () => {
  it('says the invoices are not sent while VERI*FACTU is off', async () => {
    renderNotice(status({ mode: 'off', sending: false, certificate: null }))
    expect((await notice()).textContent).toBe('Las facturas no se están enviando a Hacienda: VERI*FACTU está desactivado (VERIFACTU=off).')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says so in English too, naming the tax agency', async () => {
    renderNotice(status({ mode: 'off', sending: false, certificate: null }), 'en')
    expect((await notice('Sending invoices to Hacienda')).textContent).toBe(
      'Invoices are not being sent to Hacienda (the Spanish tax agency): VERI*FACTU is off (VERIFACTU=off).',
    )
  })

  it('says off first, even with a certificate about to expire', async () => {
    renderNotice(status({ mode: 'off', certificate: certificate(3) }))
    expect((await notice()).textContent).toContain('VERI*FACTU está desactivado')
  })

  it('says the certificate is missing and the records are kept, in test and in production', async () => {
    for (const mode of ['production', 'test'] as const) {
      renderNotice(status({ mode, sending: false, certificate: null }))
      expect((await notice()).textContent).toBe(
        'Las facturas no se están enviando a Hacienda: falta el certificado de la empresa (VERIFACTU_CERT_PATH). Sus registros VERI*FACTU se guardan y se enviarán cuando se configure.',
      )
      cleanup()
    }
    renderNotice(status({ sending: false, certificate: null }), 'en')
    expect((await notice('Sending invoices to Hacienda')).textContent).toBe(
      'Invoices are not being sent to Hacienda: the company’s certificate is missing (VERIFACTU_CERT_PATH). Their VERI*FACTU records are kept and will be sent once it is set.',
    )
  })

  it('says when the certificate expired, on a day in the reader’s language', async () => {
    renderNotice(status({ certificate: certificate(-2) }))
    expect((await notice()).textContent).toBe(
      'El certificado para Hacienda caducó el 3 de marzo de 2027: las facturas no se están enviando. Renuévelo (VERIFACTU_CERT_PATH).',
    )
    cleanup()
    renderNotice(status({ mode: 'test', certificate: certificate(-2) }), 'en')
    expect((await notice('Sending invoices to Hacienda')).textContent).toBe(
      'The certificate for Hacienda expired on 3 March 2027: invoices are not being sent. Renew it (VERIFACTU_CERT_PATH).',
    )
  })

  it('warns from 30 days before the certificate expires, counting the days left', async () => {
    renderNotice(status({ certificate: certificate(30) }))
    expect((await notice()).textContent).toBe(
      'El certificado para Hacienda caduca el 3 de marzo de 2027 (quedan 30 días): renuévelo antes para que las facturas se sigan enviando.',
    )
    cleanup()
    renderNotice(status({ certificate: certificate(1) }))
    expect((await notice()).textContent).toBe(
      'El certificado para Hacienda caduca el 3 de marzo de 2027 (queda 1 día): renuévelo antes para que las facturas se sigan enviando.',
    )
    cleanup()
    renderNotice(status({ certificate: certificate(0) }))
    expect((await notice()).textContent).toContain('(quedan 0 días)')
    cleanup()
    renderNotice(status({ mode: 'test', certificate: certificate(1) }), 'en')
    expect((await notice('Sending invoices to Hacienda')).textContent).toBe(
      'The certificate for Hacienda expires on 3 March 2027 (1 day left): renew it before then so invoices keep being sent.',
    )
  })

  it('notes quietly that the records go to the AEAT’s test service', async () => {
    renderNotice(status({ mode: 'test', certificate: certificate(200) }))
    await notice()
    expect(screen.getByRole('status').textContent).toBe(
      'Los registros VERI*FACTU se envían al entorno de pruebas de la AEAT, no al real (VERIFACTU=test).',
    )
    cleanup()
    renderNotice(status({ mode: 'test', certificate: certificate(31) }), 'en')
    await notice('Sending invoices to Hacienda')
    expect(screen.getByRole('status').textContent).toBe('VERI*FACTU records go to the AEAT’s test service, not the real one (VERIFACTU=test).')
  })

  it('warns of rejected records, linking to them to see why and correct them', async () => {
    renderNotice(status({ attention: { ...calm, rejected: 2 } }))
    const region = await notice()
    expect(region.textContent).toBe('Hacienda ha rechazado 2 registros de facturación: vea por qué y corríjalos.')
    const paragraph = within(region).getByTestId('verifactu-attention-rejected')
    expect(paragraph.tagName).toBe('P')
    expect(within(paragraph).getByRole('link', { name: 'vea por qué y corríjalos' }).getAttribute('href')).toBe('/admin/verifactu?state=rejected')
    cleanup()
    renderNotice(status({ attention: { ...calm, rejected: 1 } }))
    expect((await notice()).textContent).toBe('Hacienda ha rechazado 1 registro de facturación: vea por qué y corríjalo.')
    expect(screen.getByRole('link', { name: 'vea por qué y corríjalo' }).getAttribute('href')).toBe('/admin/verifactu?state=rejected')
    cleanup()
    renderNotice(status({ attention: { ...calm, rejected: 1 } }), 'en')
    const english = await notice('Sending invoices to Hacienda')
    expect(english.textContent).toBe('1 invoice record was rejected by Hacienda: see why and correct it.')
    expect(within(english).getByRole('link', { name: 'see why and correct it' }).getAttribute('href')).toBe('/admin/verifactu?state=rejected')
    cleanup()
    renderNotice(status({ attention: { ...calm, rejected: 3 } }), 'en')
    expect((await notice('Sending invoices to Hacienda')).textContent).toBe('3 invoice records were rejected by Hacienda: see why and correct them.')
  })

  it('warns of records in conflict with what Hacienda holds, linking to them', async () => {
    renderNotice(status({ attention: { ...calm, conflicts: 1 } }))
    const region = await notice()
    expect(region.textContent).toBe(
      '1 registro de facturación no coincide con lo que Hacienda ya tiene (¿se ha restaurado una copia de seguridad?): no emita facturas hasta que se resuelva. Vea el registro en conflicto',
    )
    expect(within(region).getByRole('link', { name: 'Vea el registro en conflicto' }).getAttribute('href')).toBe('/admin/verifactu?state=conflict')
    cleanup()
    renderNotice(status({ attention: { ...calm, conflicts: 3 } }), 'en')
    const english = await notice('Sending invoices to Hacienda')
    expect(english.textContent).toBe(
      '3 invoice records conflict with what Hacienda already holds (a restored backup?): do not issue invoices until this is reconciled. See the conflicting records',
    )
    expect(within(english).getByRole('link', { name: 'See the conflicting records' }).getAttribute('href')).toBe('/admin/verifactu?state=conflict')
  })

  it('warns of records unanswered for more than 24 hours, linking to the waiting ones', async () => {
    renderNotice(status({ attention: { ...calm, unsentLong: 5 } }))
    const region = await notice()
    expect(region.textContent).toBe('5 registros de facturación llevan más de 24 horas sin llegar a Hacienda. Vea los registros pendientes')
    expect(within(region).getByRole('link', { name: 'Vea los registros pendientes' }).getAttribute('href')).toBe('/admin/verifactu?state=pending')
    cleanup()
    renderNotice(status({ attention: { ...calm, unsentLong: 1 } }), 'en')
    const english = await notice('Sending invoices to Hacienda')
    expect(english.textContent).toBe('1 invoice record has not reached Hacienda for more than 24 hours. See the waiting record')
    expect(within(english).getByRole('link', { name: 'See the waiting record' }).getAttribute('href')).toBe('/admin/verifactu?state=pending')
  })

  it('says each kind of record that needs the owner, the most pressing first, after the status’s notice', async () => {
    renderNotice(status({ mode: 'test', certificate: certificate(10), attention: { rejected: 2, conflicts: 1, unsentLong: 4 } }), 'en')
    const region = await notice('Sending invoices to Hacienda')
    const paragraphs = within(region).getAllByRole('paragraph')
    expect(paragraphs.map((paragraph) => paragraph.getAttribute('data-testid'))).toEqual([
      null,
      'verifactu-attention-conflicts',
      'verifactu-attention-rejected',
      'verifactu-attention-unsentLong',
    ])
    expect(paragraphs[0]!.textContent).toContain('The certificate for Hacienda expires on 3 March 2027 (10 days left)')
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/verifactu?state=conflict', '/admin/verifactu?state=rejected', '/admin/verifactu?state=pending'])
  })

  it('keeps the test service’s quiet note beside a warning about the records', async () => {
    renderNotice(status({ mode: 'test', attention: { ...calm, rejected: 1 } }))
    const region = await notice()
    expect(within(region).getByRole('status').textContent).toBe(
      'Los registros VERI*FACTU se envían al entorno de pruebas de la AEAT, no al real (VERIFACTU=test).',
    )
    expect(within(region).getByTestId('verifactu-attention-rejected').textContent).toBe(
      'Hacienda ha rechazado 1 registro de facturación: vea por qué y corríjalo.',
    )
  })

  /** Invoicing stopped at 00:30 in Madrid on 15 January 2027 (still the 14th in UTC): a day in Spain. */
  const since = '2027-01-14T23:30:00.000Z'
  const restored = { reason: 'restore', detail: 'panel-shop-2027-01-10T03-00-00.dump', since } as const
  const conflicting = { reason: 'conflict', detail: '2027-000042', since } as const

  it('says first, in bold, that invoicing is stopped since a restore, linking to where it resumes', async () => {
    renderNotice(status({ halt: restored }))
    const region = await notice()
    const halt = within(region).getByTestId('verifactu-halt')
    expect(halt.tagName).toBe('P')
    expect(halt.textContent).toBe(
      'La facturación está detenida desde el 15 de enero de 2027: la base de datos se restauró de una copia de seguridad (panel-shop-2027-01-10T03-00-00.dump). Los pedidos pagados mientras tanto esperan su factura. Revíselo y reanúdela en Hacienda (VERI*FACTU).',
    )
    expect(region.textContent).toBe(halt.textContent)
    // Not the colour alone: its opening words are bold.
    expect(halt.querySelector('strong')?.textContent).toBe('La facturación está detenida')
    expect(within(halt).getByRole('link', { name: 'Hacienda (VERI*FACTU)' }).getAttribute('href')).toBe('/admin/verifactu')
    cleanup()
    renderNotice(status({ halt: restored }), 'en')
    const english = await notice('Sending invoices to Hacienda')
    expect(within(english).getByTestId('verifactu-halt').textContent).toBe(
      'Invoicing has been stopped since 15 January 2027: the database was restored from a backup (panel-shop-2027-01-10T03-00-00.dump). Orders paid meanwhile are waiting for their invoice. Check it and resume it in Hacienda (VERI*FACTU).',
    )
    expect(within(english).getByRole('link', { name: 'Hacienda (VERI*FACTU)' }).getAttribute('href')).toBe('/admin/verifactu')
  })

  it('says invoicing is stopped since Hacienda holds another record of an invoice this shop never sent it', async () => {
    renderNotice(status({ halt: conflicting }))
    const halt = within(await notice()).getByTestId('verifactu-halt')
    expect(halt.textContent).toBe(
      'La facturación está detenida desde el 15 de enero de 2027: Hacienda ya tiene otro registro de la factura 2027-000042 que esta tienda no le envió. Los pedidos pagados mientras tanto esperan su factura. Revíselo y reanúdela en Hacienda (VERI*FACTU).',
    )
    expect(within(halt).getByRole('link', { name: 'Hacienda (VERI*FACTU)' }).getAttribute('href')).toBe('/admin/verifactu')
    cleanup()
    renderNotice(status({ halt: conflicting }), 'en')
    expect(within(await notice('Sending invoices to Hacienda')).getByTestId('verifactu-halt').textContent).toBe(
      'Invoicing has been stopped since 15 January 2027: Hacienda already holds another record of invoice 2027-000042 that this shop did not send it. Orders paid meanwhile are waiting for their invoice. Check it and resume it in Hacienda (VERI*FACTU).',
    )
  })

  it('says why invoicing stopped without the backup’s or the invoice’s name when the server has none', async () => {
    renderNotice(status({ halt: { ...restored, detail: null } }))
    expect(within(await notice()).getByTestId('verifactu-halt').textContent).toBe(
      'La facturación está detenida desde el 15 de enero de 2027: la base de datos se restauró de una copia de seguridad. Los pedidos pagados mientras tanto esperan su factura. Revíselo y reanúdela en Hacienda (VERI*FACTU).',
    )
    cleanup()
    renderNotice(status({ halt: { ...conflicting, detail: null } }))
    expect(within(await notice()).getByTestId('verifactu-halt').textContent).toBe(
      'La facturación está detenida desde el 15 de enero de 2027: Hacienda ya tiene otro registro de una factura que esta tienda no le envió. Los pedidos pagados mientras tanto esperan su factura. Revíselo y reanúdela en Hacienda (VERI*FACTU).',
    )
  })

  it('says invoicing is stopped before the status’s notice and the records that need the owner', async () => {
    renderNotice(status({ mode: 'test', certificate: certificate(10), attention: { rejected: 0, conflicts: 1, unsentLong: 0 }, halt: conflicting }))
    const region = await notice()
    expect(
      within(region)
        .getAllByRole('paragraph')
        .map((paragraph) => paragraph.getAttribute('data-testid')),
    ).toEqual(['verifactu-halt', null, 'verifactu-attention-conflicts'])
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/verifactu', '/admin/verifactu?state=conflict'])
  })

  it('says nothing of a halt while invoicing runs', async () => {
    renderNotice(status({ attention: { ...calm, rejected: 1 }, halt: null }))
    const region = await notice()
    expect(within(region).queryByTestId('verifactu-halt')).toBeNull()
    expect(region.textContent).not.toContain('detenida')
  })

  it('shows nothing in production with a certificate 200 days from expiry', async () => {
    const { settled } = renderNotice(status({ certificate: certificate(200) }))
    await settled()
    expect(screen.queryByTestId('verifactu-notice')).toBeNull()
    expect(document.body.textContent).toBe('')
  })

  it('shows nothing when the status cannot be read', async () => {
    const { settled } = renderNotice('failure')
    await settled()
    expect(screen.queryByTestId('verifactu-notice')).toBeNull()
    expect(document.body.textContent).toBe('')
  })
})
