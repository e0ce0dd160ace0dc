import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { invoices, orderItems, verifactuRecords, verifactuSending } from '../../db/schema/index.ts'
import { createServices } from '../index.ts'
import type { InvoiceSettings } from '../invoices.ts'
import { createTestDatabase } from '../../../tests/helpers/db.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { startFakeAeat, type FakeAeat } from '../../../tests/helpers/fake-aeat.ts'
import { insertOrderRow, issuedInvoice } from '../../../tests/helpers/orders.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { makeTestCertificates, type TestCertificates } from '../../../tests/helpers/test-certificates.ts'
import { sampleCompany } from '../../../core/company.ts'
import { adminPageSize } from '../../../core/admin-lists.ts'
import { readClientCertificate } from './certificate.ts'
import { recordCorrection, recordVoidedInvoice, type CorrectionResult } from './chain.ts'
import { retrySending, verifactuAttention, verifactuRecordsPage } from './overview.ts'
import { createVerifactuSender } from './sender.ts'
import { httpsTransport } from './transport.ts'

// The owner's view of the records (/admin/verifactu, docs/decisions/028): each record with its
// invoice and the AEAT's answer, by state and month; what every admin page warns about; and
// "Reintentar ahora", which never jumps a wait the AEAT asked for.

let certs: TestCertificates
let fake: FakeAeat
let database: DatabaseHandle
let settings: InvoiceSettings
let now = new Date()
const clock = () => now
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000))

beforeAll(async () => {
  certs = makeTestCertificates()
  fake = await startFakeAeat({ ...certs.server, ca: certs.ca })
  database = await createTestDatabase()
  settings = createServices(testEnv(), database.db, silentLog).invoicing
})
afterAll(async () => {
  await fake?.close()
  await database?.close()
})

const sender = (endpoint = fake.url) =>
  createVerifactuSender({
    database,
    service: 'test',
    obligado: { NombreRazon: sampleCompany.legalName, NIF: sampleCompany.taxId },
    transport: httpsTransport({
      endpoint,
      certificate: readClientCertificate(readFileSync(certs.clientPemPath), undefined),
      ca: certs.ca,
      timeoutMs: 5000,
    }),
    log: silentLog,
    clock,
  })
const unreachable = () => sender('https://127.0.0.1:9/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP')

/** Paid orders with their invoice issued (and its record made); their ids and numbers. */
async function issued(count: number, billing = false) {
  const made: Array<{ orderId: string; number: string }> = []
  for (let i = 0; i < count; i++) {
    const orderId = await insertOrderRow(database.db, {
      status: 'confirmed',
      paymentStatus: 'paid',
      subtotalCents: 12_100,
      totalCents: 12_100,
      ...(billing ? { billing: { name: 'Reformas Mar Menor S.L.', taxId: 'B03999992', idType: 'nif' as const, country: 'ES' } } : {}),
    })
    await database.db.insert(orderItems).values({ orderId, productName: 'Panel mármol', quantity: 1, unitPriceCents: 12_100, subtotalCents: 12_100 })
    made.push({ orderId, number: await issuedInvoice(database.db, orderId, settings, now) })
  }
  return made
}

const thisMonth = async () => {
  const [row] = await database.db
    .execute<{ month: string }>(sql`select to_char(now() at time zone 'Europe/Madrid', 'YYYY-MM') as month`)
    .then((r) => (Array.isArray(r) ? r : (r as { rows: Array<{ month: string }> }).rows))
  return row!.month
}

describe('the owner’s list of records', () => {
  it('shows each record with its invoice and what the AEAT answered, newest first; by state and by month', async () => {
    const [warned, rejected, fine] = await issued(3)
    fake.behaviour.waitSeconds = 0
    fake.behaviour.warn.set(warned!.number, { code: '2004', description: 'El valor del campo FechaHoraHusoGenRegistro debe ser la fecha actual.' })
    fake.behaviour.reject.set(rejected!.number, { code: '1110', description: 'El NIF no está identificado en el censo de la AEAT.' })
    expect(await sender().sendDue()).toMatchObject({ outcome: 'answered' })
    // One more that an unreachable AEAT leaves waiting.
    const [waiting] = await issued(1)
    later(1)
    expect(await unreachable().sendDue()).toMatchObject({ outcome: 'failed' })

    const page = await verifactuRecordsPage(database.db, 'test', { page: 1 })
    expect(page).toMatchObject({ service: 'test', count: 4, pageCount: 1 })
    expect(page.records.map((r) => [r.invoiceNumber, r.state])).toEqual([
      [waiting!.number, 'pending'],
      [fine!.number, 'accepted'],
      [rejected!.number, 'rejected'],
      [warned!.number, 'accepted_with_errors'],
    ])
    expect(page.records[2]).toMatchObject({
      kind: 'alta',
      invoiceType: 'F2',
      orderId: rejected!.orderId,
      totalCents: 12_100,
      position: 2,
      code: '1110',
      description: 'El NIF no está identificado en el censo de la AEAT.',
      answeredAt: expect.any(String),
      lastAttempt: null,
    })
    expect(page.records[2]!.hash).toMatch(/^[0-9A-F]{64}$/)
    // A pending record says why it waits: its last message was not answered.
    expect(page.records[0]).toMatchObject({ code: null, answeredAt: null, lastAttempt: { outcome: 'failed', error: expect.any(String) } })

    expect((await verifactuRecordsPage(database.db, 'test', { page: 1, state: 'rejected' })).records.map((r) => r.invoiceNumber)).toEqual([
      rejected!.number,
    ])
    expect((await verifactuRecordsPage(database.db, 'test', { page: 1, state: 'pending' })).count).toBe(1)
    expect((await verifactuRecordsPage(database.db, 'test', { page: 1, month: await thisMonth() })).count).toBe(4)
    expect((await verifactuRecordsPage(database.db, 'test', { page: 1, month: '2019-01' })).count).toBe(0)
    expect((await verifactuRecordsPage(database.db, 'production', { page: 1 })).count).toBe(0)
  })

  it('pages by the admin lists’ size', async () => {
    const before = (await verifactuRecordsPage(database.db, 'test', { page: 1 })).count
    await issued(adminPageSize + 1 - before)
    const first = await verifactuRecordsPage(database.db, 'test', { page: 1 })
    const second = await verifactuRecordsPage(database.db, 'test', { page: 2 })
    expect([first.count, first.pageCount, first.records.length, second.records.length]).toEqual([adminPageSize + 1, 2, adminPageSize, 1])
    expect(second.records[0]!.position).toBe(1)
  })
})

describe('what every admin page warns about', () => {
  it('counts rejected records, and records unanswered for more than a day', async () => {
    expect(await verifactuAttention(database.db, 'test', new Date())).toEqual({ rejected: 1, conflicts: 0, unsentLong: 0 })
    const pending = (await verifactuRecordsPage(database.db, 'test', { page: 1, state: 'pending' })).count
    expect(pending).toBeGreaterThan(0)
    expect(await verifactuAttention(database.db, 'test', new Date(Date.now() + 25 * 3_600_000))).toEqual({
      rejected: 1,
      conflicts: 0,
      unsentLong: pending,
    })
    expect(await verifactuAttention(database.db, 'production', new Date(Date.now() + 25 * 3_600_000))).toEqual({
      rejected: 0,
      conflicts: 0,
      unsentLong: 0,
    })
  })
})

describe('"Reintentar ahora"', () => {
  it('after a failed attempt, the waiting records go at the next pass instead of after the pause', async () => {
    later(60)
    expect(await unreachable().sendDue()).toMatchObject({ outcome: 'failed' })
    expect(await sender().sendDue()).toEqual({ sent: 0, reason: 'waiting' })
    expect(await retrySending(database.db, 'test', now)).toEqual({ kind: 'soon' })
    expect(await sender().sendDue()).toMatchObject({ outcome: 'answered', states: { accepted: expect.any(Number) } })
    expect((await verifactuRecordsPage(database.db, 'test', { page: 1, state: 'pending' })).count).toBe(0)
    expect(await retrySending(database.db, 'test', now)).toEqual({ kind: 'nothing' })
  })

  it('keeps the wait the AEAT’s answer asked for, and says until when', async () => {
    fake.behaviour.waitSeconds = 120
    later(1)
    await issued(1)
    expect(await sender().sendDue()).toMatchObject({ outcome: 'answered' })
    await issued(1)
    const [flow] = await database.db.select().from(verifactuSending).where(eq(verifactuSending.service, 'test'))
    expect(await retrySending(database.db, 'test', now)).toEqual({ kind: 'aeatWait', until: flow!.nextSendAt!.toISOString() })
    expect(await sender().sendDue()).toEqual({ sent: 0, reason: 'waiting' })
    later(121)
    expect(await retrySending(database.db, 'test', now)).toEqual({ kind: 'soon' })
  })
})

describe('a subsanación', () => {
  const correct = (recordId: string, unregisteredBuyer = false) =>
    database.db.transaction((tx) => recordCorrection(tx, recordId, settings.verifactu, now, { unregisteredBuyer }))
  const rowOf = async (number: string) =>
    (await verifactuRecordsPage(database.db, 'test', { page: 1 })).records.filter((record) => record.invoiceNumber === number)

  it('corrects a record the AEAT rejected with a new one (Subsanacion S, RechazoPrevio X), the buyer’s NIF sent as not in the census; the record itself never changes', async () => {
    later(200)
    fake.behaviour.waitSeconds = 0
    const [full] = await issued(1, true)
    fake.behaviour.rejectBuyer.set('B03999992', { code: '1110', description: 'El NIF no está identificado en el censo de la AEAT.' })
    expect(await sender().sendDue()).toMatchObject({ outcome: 'answered', states: { rejected: 1 } })
    const [rejected] = await rowOf(full!.number)
    expect(rejected).toMatchObject({ state: 'rejected', correctable: true, buyerSpanishNif: true, correctedBy: null, correction: false })
    const attentionBefore = (await verifactuAttention(database.db, 'test', new Date())).rejected
    const [stored] = await database.db.select().from(verifactuRecords).where(eq(verifactuRecords.id, rejected!.id))

    const made = await correct(rejected!.id, true)
    expect(made.kind).toBe('made')
    const record = (made as Extract<typeof made, { kind: 'made' }>).record
    expect(record).toMatchObject({ kind: 'alta', invoiceNumber: full!.number, correctsRecordId: rejected!.id })
    expect(record.record).toMatchObject({
      Subsanacion: 'S',
      RechazoPrevio: 'X',
      TipoFactura: 'F1',
      Destinatarios: [{ NombreRazon: 'Reformas Mar Menor S.L.', IDOtro: { CodigoPais: 'ES', IDType: '07', ID: 'B03999992' } }],
      Encadenamiento: { RegistroAnterior: { Huella: expect.stringMatching(/^[0-9A-F]{64}$/) } },
    })
    // The corrected record is as it was; a second correction of it is refused.
    expect((await database.db.select().from(verifactuRecords).where(eq(verifactuRecords.id, rejected!.id)))[0]).toEqual(stored)
    expect(await correct(rejected!.id, true)).toEqual({ kind: 'notCorrectable' })

    expect(await sender().sendDue()).toMatchObject({ outcome: 'answered', states: { accepted: 1 } })
    expect(fake.held.get(`${sampleCompany.taxId}|${full!.number}|${record.invoiceDate}`)).toMatchObject({ state: 'Correcta', times: 1 })
    expect(fake.chainProblems).toEqual([])
    const rows = await rowOf(full!.number)
    expect(rows.map((row) => [row.position, row.state, row.correction, row.correctedBy, row.correctable])).toEqual([
      [record.position, 'accepted', true, null, false],
      [rejected!.position, 'rejected', false, record.position, false],
    ])
    // A corrected rejection no longer needs the owner.
    expect((await verifactuAttention(database.db, 'test', new Date())).rejected).toBe(attentionBefore - 1)
  })

  it('corrects a record accepted with errors without RechazoPrevio (the AEAT holds it: the subsanación replaces it)', async () => {
    later(1)
    const [warned] = await issued(1)
    fake.behaviour.warn.set(warned!.number, { code: '2000', description: 'El cálculo de la huella no es correcto.' })
    expect(await sender().sendDue()).toMatchObject({ states: { accepted_with_errors: 1 } })
    const [row] = await rowOf(warned!.number)
    fake.behaviour.warn.clear()
    const made = await correct(row!.id)
    expect(made.kind).toBe('made')
    const record = (made as Extract<typeof made, { kind: 'made' }>).record.record
    expect(record).toMatchObject({ Subsanacion: 'S', TipoFactura: 'F2' })
    expect(record).not.toHaveProperty('RechazoPrevio')
    expect(record).not.toHaveProperty('Destinatarios')
    later(1)
    expect(await sender().sendDue()).toMatchObject({ states: { accepted: 1 } })
    expect(fake.chainProblems).toEqual([])
  })

  it('refuses what cannot be corrected: an accepted record, a pending one, "not in the census" for a simplified invoice', async () => {
    later(1)
    const [fine] = await issued(2)
    const [pending] = await rowOf(fine!.number)
    expect(await correct(pending!.id)).toEqual({ kind: 'notCorrectable' })
    later(1)
    expect(await sender().sendDue()).toMatchObject({ states: { accepted: 2 } })
    expect(await correct(pending!.id)).toEqual({ kind: 'notCorrectable' })
    const [third] = await issued(1)
    fake.behaviour.reject.set(third!.number, { code: '1100', description: 'Valor o tipo incorrecto del campo.' })
    later(1)
    expect(await sender().sendDue()).toMatchObject({ states: { rejected: 1 } })
    const [simplified] = await rowOf(third!.number)
    expect(await correct(simplified!.id, true)).toEqual({ kind: 'noSpanishNif' })
    expect(await correct('00000000-0000-4000-8000-000000000000')).toEqual({ kind: 'notCorrectable' })
  })
})

describe('an anulación again after a rejection (the web service’s description §9.2.2, §9.2.3)', () => {
  // "Not in the census" says nothing of an anulación (it names no buyer): asked for, it changes nothing.
  const correct = (recordId: string, unregisteredBuyer = true) =>
    database.db.transaction((tx) => recordCorrection(tx, recordId, settings.verifactu, now, { unregisteredBuyer }))
  const made = (result: CorrectionResult) => {
    expect(result.kind).toBe('made')
    return (result as Extract<CorrectionResult, { kind: 'made' }>).record
  }
  const voidInvoice = async (number: string) => {
    const [invoice] = await database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, number))
    const voided = await database.db.transaction((tx) => recordVoidedInvoice(tx, invoice!.id, settings.verifactu, now))
    expect(voided).not.toBeNull()
    return voided!
  }
  const rowsOf = async (number: string) =>
    (await verifactuRecordsPage(database.db, 'test', { page: 1 })).records
      .filter((record) => record.invoiceNumber === number)
      .map((row) => [row.kind, row.state, row.correction, row.correctedBy, row.correctable])
  const heldAs = (number: string, day: string) => fake.held.get(`${sampleCompany.taxId}|${number}|${day}`)?.state

  it('voids again, with RechazoPrevio S, an invoice whose anulación the AEAT rejected; it then holds the invoice voided', async () => {
    later(200)
    fake.behaviour.waitSeconds = 0
    const [sold] = await issued(1)
    expect(await sender().sendDue()).toMatchObject({ states: { accepted: 1 } })
    const first = await voidInvoice(sold!.number)
    expect(first.record).not.toHaveProperty('SinRegistroPrevio')
    expect(first.record).not.toHaveProperty('RechazoPrevio')
    fake.behaviour.reject.set(sold!.number, { code: '1100', description: 'Valor o tipo incorrecto del campo: SistemaInformatico.' })
    later(1)
    expect(await sender().sendDue()).toMatchObject({ states: { rejected: 1 } })
    expect(await rowsOf(sold!.number)).toEqual([
      ['anulacion', 'rejected', false, null, true],
      ['alta', 'accepted', false, null, false],
    ])
    const [rejected] = (await verifactuRecordsPage(database.db, 'test', { page: 1 })).records.filter((row) => row.id === first.id)
    // An anulación names no buyer: its dialog offers no "not in the census".
    expect(rejected).toMatchObject({ buyerSpanishNif: false })

    fake.behaviour.reject.delete(sold!.number)
    const again = made(await correct(first.id))
    expect(again).toMatchObject({ kind: 'anulacion', invoiceNumber: sold!.number, correctsRecordId: first.id })
    expect(again.record).toMatchObject({ RechazoPrevio: 'S', IDFactura: { NumSerieFacturaAnulada: sold!.number } })
    expect(again.record).not.toHaveProperty('SinRegistroPrevio')
    expect(await correct(first.id)).toEqual({ kind: 'notCorrectable' })
    later(1)
    expect(await sender().sendDue()).toMatchObject({ states: { accepted: 1 } })
    expect(heldAs(sold!.number, again.invoiceDate)).toBe('Anulada')
    expect(await rowsOf(sold!.number)).toEqual([
      ['anulacion', 'accepted', true, null, false],
      ['anulacion', 'rejected', false, again.position, false],
      ['alta', 'accepted', false, null, false],
    ])
    expect(fake.chainProblems).toEqual([])
  })

  it('voids an invoice whose registro de alta the AEAT rejected with SinRegistroPrevio S: the AEAT then holds it as voided', async () => {
    later(1)
    const [sold] = await issued(1)
    fake.behaviour.reject.set(sold!.number, { code: '1100', description: 'Valor o tipo incorrecto del campo.' })
    expect(await sender().sendDue()).toMatchObject({ states: { rejected: 1 } })
    fake.behaviour.reject.delete(sold!.number)
    const voided = await voidInvoice(sold!.number)
    expect(voided.record).toMatchObject({ SinRegistroPrevio: 'S' })
    expect(voided.record).not.toHaveProperty('RechazoPrevio')
    later(1)
    expect(await sender().sendDue()).toMatchObject({ states: { accepted: 1 } })
    expect(heldAs(sold!.number, voided.invoiceDate)).toBe('Anulada')
    expect(fake.chainProblems).toEqual([])
  })

  it('an anulación that followed an alta the AEAT rejected goes again with both flags; while an alta of the invoice waits for its answer, it waits', async () => {
    later(1)
    // Sold and voided before anything was sent: the AEAT rejects the alta, then the anulación (it holds nothing to void).
    const [unheld, corrected] = await issued(2)
    const voidedUnheld = await voidInvoice(unheld!.number)
    const voidedCorrected = await voidInvoice(corrected!.number)
    fake.behaviour.reject.set(unheld!.number, { code: '1100', description: 'Valor o tipo incorrecto del campo.' })
    fake.behaviour.reject.set(corrected!.number, { code: '1100', description: 'Valor o tipo incorrecto del campo.' })
    expect(await sender().sendDue()).toMatchObject({ states: { rejected: 4 } })
    expect((await verifactuRecordsPage(database.db, 'test', { page: 1 })).records.find((row) => row.id === voidedUnheld.id)).toMatchObject({
      state: 'rejected',
      code: '3002',
    })
    fake.behaviour.reject.clear()

    const both = made(await correct(voidedUnheld.id))
    expect(both.record).toMatchObject({ SinRegistroPrevio: 'S', RechazoPrevio: 'S' })

    // The other invoice's alta is corrected first: until the AEAT answers it, which anulación to send is unknown.
    const [altaRow] = (await verifactuRecordsPage(database.db, 'test', { page: 1 })).records.filter(
      (row) => row.invoiceNumber === corrected!.number && row.kind === 'alta',
    )
    made(await correct(altaRow!.id, false))
    const before = await database.db.select().from(verifactuRecords)
    expect(await correct(voidedCorrected.id)).toEqual({ kind: 'altaPending' })
    expect(await database.db.select().from(verifactuRecords)).toEqual(before)
    later(1)
    expect(await sender().sendDue()).toMatchObject({ states: { accepted: 2 } })
    expect(heldAs(unheld!.number, both.invoiceDate)).toBe('Anulada')
    expect(heldAs(corrected!.number, both.invoiceDate)).toBe('Correcta')
    // Its alta is held now: the anulación goes again as an ordinary one after a rejection.
    const retry = made(await correct(voidedCorrected.id))
    expect(retry.record).toMatchObject({ RechazoPrevio: 'S' })
    expect(retry.record).not.toHaveProperty('SinRegistroPrevio')
    later(1)
    expect(await sender().sendDue()).toMatchObject({ states: { accepted: 1 } })
    expect(heldAs(corrected!.number, retry.invoiceDate)).toBe('Anulada')
    expect(fake.chainProblems).toEqual([])
  })
})
