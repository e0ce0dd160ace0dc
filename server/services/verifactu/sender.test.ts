import { readFileSync } from 'node:fs'
import { desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client.ts'
import { invoices, orderItems, refunds, verifactuAnswers, verifactuRecords, verifactuSending, verifactuSubmissions } from '../../db/schema/index.ts'
import { createServices } from '../index.ts'
import { issueInvoice, issueRefundInvoice, type InvoiceSettings } from '../invoices.ts'
import { createSharedTestDatabase, createTestDatabase } from '../../../tests/helpers/db.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { startFakeAeat, type FakeAeat } from '../../../tests/helpers/fake-aeat.ts'
import { insertOrderRow, issuedInvoice } from '../../../tests/helpers/orders.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { makeTestCertificates, type TestCertificates } from '../../../tests/helpers/test-certificates.ts'
import { sampleCompany } from '../../../core/company.ts'
import { readClientCertificate } from './certificate.ts'
import { chainRecords, recordVoidedInvoice } from './chain.ts'
import { invoicingHalt, liftInvoicingHalt } from './halt.ts'
import { createVerifactuSender, recordSendStates, type VerifactuSenderOptions } from './sender.ts'
import { httpsTransport } from './transport.ts'
import { maxRecordsPerMessage, regFactuXml, soapEnvelope } from './xml.ts'

// The sender of VERI*FACTU records (docs/decisions/028) against a fake of the AEAT's web service:
// mutual TLS with the company's certificate, every message checked against the schema's structure
// and the chain, the answers kept beside the records, the flow control, one sender at a time, and
// a record the AEAT holds already (the answer lost) recognised by its "duplicate" answer.

let certs: TestCertificates
let fake: FakeAeat
let database: DatabaseHandle
let settings: InvoiceSettings
let now = new Date('2026-12-01T10:00:00Z')
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
afterEach(() => {
  fake.behaviour.reject.clear()
  fake.behaviour.warn.clear()
  fake.behaviour.waitSeconds = 60
})

function sender(opts: Partial<VerifactuSenderOptions> & { timeoutMs?: number; certPath?: string } = {}) {
  const certificate = readClientCertificate(readFileSync(opts.certPath ?? certs.clientP12Path), certs.password)
  return createVerifactuSender({
    database,
    service: 'test',
    obligado: { NombreRazon: sampleCompany.legalName, NIF: sampleCompany.taxId },
    transport: httpsTransport({ endpoint: fake.url, certificate, ca: certs.ca, timeoutMs: opts.timeoutMs ?? 5000 }),
    log: silentLog,
    clock,
    ...opts,
  })
}

/** Paid orders with their invoice issued (and its record made) at the test clock's time; their numbers. */
async function issued(count: number, billing = false): Promise<string[]> {
  const numbers: string[] = []
  for (let i = 0; i < count; i++) {
    const orderId = await insertOrderRow(database.db, {
      status: 'confirmed',
      paymentStatus: 'paid',
      subtotalCents: 12_100,
      totalCents: 12_100,
      ...(billing ? { billing: { name: 'Reformas Mar Menor S.L.', taxId: 'B03999992', idType: 'nif' as const, country: 'ES' } } : {}),
    })
    await database.db
      .insert(orderItems)
      .values({ orderId, productName: 'Panel mármol & piedra <blanco>', quantity: 1, unitPriceCents: 12_100, subtotalCents: 12_100 })
    numbers.push(await issuedInvoice(database.db, orderId, settings, now))
  }
  return numbers
}

const answersOf = (number: string) =>
  database.db
    .select({ state: verifactuAnswers.state, code: verifactuAnswers.code, description: verifactuAnswers.description, kind: verifactuRecords.kind })
    .from(verifactuAnswers)
    .innerJoin(verifactuRecords, eq(verifactuRecords.id, verifactuAnswers.recordId))
    .where(eq(verifactuRecords.invoiceNumber, number))

const latestSubmission = () => database.db.select().from(verifactuSubmissions).orderBy(desc(verifactuSubmissions.sentAt)).limit(1)

const fakeKey = (number: string, day = '01-12-2026') => `${sampleCompany.taxId}|${number}|${day}`

describe('sending the records', () => {
  it('sends every waiting record in chain order in one message over mutual TLS, and keeps each answer', async () => {
    const simplified = await issued(2)
    const full = await issued(1, true)
    // A corrective invoice (R1, naming the F1) and an invoice voided in error (a registro de anulación).
    const [fullInvoice] = await database.db.select().from(invoices).where(eq(invoices.number, full[0]!))
    // The refund of the whole order, confirmed at the test clock's time: its corrective invoice negates the F1.
    const [refund] = await database.db
      .insert(refunds)
      .values({
        orderId: fullInvoice!.orderId,
        kind: 'order_payment',
        paymentSessionId: 'cs_x',
        amountCents: fullInvoice!.totalCents,
        reason: 'x',
        refundedAt: now,
      })
      .returning({ id: refunds.id })
    const corrective = await database.db.transaction((tx) => issueRefundInvoice(tx, refund!.id, settings, now))
    const [voided] = await database.db.select().from(invoices).where(eq(invoices.number, simplified[1]!))
    await database.db.transaction((tx) => recordVoidedInvoice(tx, voided!.id, settings.verifactu, now))

    const result = await sender().sendDue()
    expect(result).toEqual({ sent: 5, outcome: 'answered', states: { accepted: 5 } })
    expect(fake.messages).toHaveLength(1)
    expect(fake.messages[0]!.numbers).toEqual([...simplified, ...full, corrective, simplified[1]])
    expect(fake.messages[0]!.clientSubject).toBe('B12345674 PANELES TORREVIEJA')
    expect(fake.chainProblems).toEqual([])
    expect(fake.held.get(fakeKey(simplified[1]!))?.state).toBe('Anulada')
    expect(await answersOf(full[0]!)).toEqual([{ state: 'accepted', code: null, description: null, kind: 'alta' }])
    const [submission] = await database.db.select().from(verifactuSubmissions)
    expect(submission).toMatchObject({ outcome: 'answered', sendState: 'Correcto', recordCount: 5, waitSeconds: 60 })
    expect(submission!.csv).toMatch(/^A-\d{15}$/)
    expect(await recordSendStates(database.db, 'test')).toEqual({ pending: 0, accepted: 5, accepted_with_errors: 0, rejected: 0, conflict: 0 })
    // Nothing waits: nothing goes.
    later(3600)
    expect(await sender().sendDue()).toEqual({ sent: 0, reason: 'nothing' })
  })

  it('waits the time the last answer asked for before the next message, unless a full message is waiting', async () => {
    fake.behaviour.waitSeconds = 120
    later(3600)
    const [first] = await issued(1)
    expect(await sender().sendDue()).toMatchObject({ sent: 1, outcome: 'answered' })
    const [flow] = await database.db.select().from(verifactuSending).where(eq(verifactuSending.service, 'test'))
    expect(flow).toMatchObject({ waitSeconds: 120, nextSendAt: new Date(now.getTime() + 120_000) })

    const [second] = await issued(1)
    later(119)
    expect(await sender().sendDue()).toEqual({ sent: 0, reason: 'waiting' })
    later(1)
    expect(await sender().sendDue()).toMatchObject({ sent: 1, outcome: 'answered' })
    expect(fake.messages.slice(-2).map((message) => message.numbers)).toEqual([[first], [second]])

    // A full message does not wait (a small message size stands for the schema's 1.000 here).
    const full = await issued(3)
    expect(await sender({ messageSize: 2 }).sendDue()).toMatchObject({ sent: 2 })
    expect(await sender({ messageSize: 2 }).sendDue()).toEqual({ sent: 0, reason: 'waiting' })
    later(120)
    expect(await sender({ messageSize: 2 }).sendDue()).toMatchObject({ sent: 1 })
    expect(fake.messages.slice(-2).map((message) => message.numbers)).toEqual([full.slice(0, 2), full.slice(2)])
    expect(maxRecordsPerMessage).toBe(1000)
    later(120)
  })

  it('keeps an acceptance with errors and a rejection with the AEAT’s code and text; a rejected record is never sent again', async () => {
    const [warned, rejected, fine] = await issued(3)
    fake.behaviour.warn.set(warned!, { code: '2004', description: 'El valor del campo FechaHoraHusoGenRegistro debe ser la fecha actual.' })
    fake.behaviour.reject.set(rejected!, { code: '1110', description: 'El NIF no está identificado en el censo de la AEAT.' })
    expect(await sender().sendDue()).toMatchObject({ sent: 3, outcome: 'answered', states: { accepted_with_errors: 1, rejected: 1, accepted: 1 } })
    expect(await answersOf(warned!)).toEqual([
      {
        state: 'accepted_with_errors',
        code: '2004',
        description: 'El valor del campo FechaHoraHusoGenRegistro debe ser la fecha actual.',
        kind: 'alta',
      },
    ])
    expect(await answersOf(rejected!)).toEqual([
      { state: 'rejected', code: '1110', description: 'El NIF no está identificado en el censo de la AEAT.', kind: 'alta' },
    ])
    expect(await answersOf(fine!)).toMatchObject([{ state: 'accepted' }])
    const [submission] = await latestSubmission()
    expect(submission?.sendState).toBe('ParcialmenteCorrecto')
    later(60)
    expect(await sender().sendDue()).toEqual({ sent: 0, reason: 'nothing' })
  })
})

describe('when the AEAT does not answer', () => {
  it('issues invoices all the same; their records wait and go once it answers (unreachable, a fault)', async () => {
    later(60)
    const [number] = await issued(1)
    const unreachable = createVerifactuSender({
      database,
      service: 'test',
      obligado: { NombreRazon: sampleCompany.legalName, NIF: sampleCompany.taxId },
      transport: httpsTransport({
        endpoint: 'https://127.0.0.1:9/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
        certificate: readClientCertificate(readFileSync(certs.clientPemPath), undefined),
        ca: certs.ca,
      }),
      log: silentLog,
      clock,
    })
    expect(await unreachable.sendDue()).toMatchObject({ sent: 1, outcome: 'failed', states: { pending: 1 } })
    expect(await answersOf(number!)).toEqual([{ state: null, code: null, description: null, kind: 'alta' }])
    later(60)
    fake.behaviour.faultOnce = 'Codigo[4104].El NIF del titular en la cabecera no está identificado.'
    expect(await sender().sendDue()).toMatchObject({
      sent: 1,
      outcome: 'fault',
      error: 'Codigo[4104].El NIF del titular en la cabecera no está identificado.',
    })
    later(60)
    expect(await sender().sendDue()).toMatchObject({ sent: 1, outcome: 'answered', states: { accepted: 1 } })
    expect(fake.held.get(fakeKey(number!))).toMatchObject({ state: 'Correcta', times: 1 })
  })

  it('a message whose answer never came (a timeout) goes again; the AEAT’s "duplicate" then means accepted', async () => {
    later(60)
    const [number] = await issued(1)
    fake.behaviour.delayOnceMs = 1500
    expect(await sender({ timeoutMs: 300 }).sendDue()).toMatchObject({ sent: 1, outcome: 'failed', error: 'no answer within 0.3 s' })
    later(60)
    expect(await sender().sendDue()).toMatchObject({ sent: 1, outcome: 'answered', states: { accepted: 1 } })
    expect(fake.held.get(fakeKey(number!))).toMatchObject({ state: 'Correcta', times: 2 })
    expect(await answersOf(number!)).toEqual([
      { state: null, code: null, description: null, kind: 'alta' },
      { state: 'accepted', code: '3000', description: 'Registro de facturación duplicado.', kind: 'alta' },
    ])
  })

  it('a sender killed between the answer and keeping it: the next one is told "duplicate", and the shop says accepted', async () => {
    later(60)
    const numbers = await issued(2)
    await expect(
      sender({
        afterAnswer: async () => {
          throw new Error('killed')
        },
      }).sendDue(),
    ).rejects.toThrow('killed')
    const [dead] = await latestSubmission()
    expect(dead?.outcome).toBe('sending')
    later(60)
    expect(await sender().sendDue()).toMatchObject({ sent: 2, outcome: 'answered', states: { accepted: 2 } })
    for (const number of numbers) {
      expect(fake.held.get(fakeKey(number))).toMatchObject({ state: 'Correcta', times: 2 })
      expect((await answersOf(number)).map((answer) => answer.state)).toEqual(expect.arrayContaining([null, 'accepted']))
    }
    expect(fake.chainProblems).toEqual([])
  })

  it('a "duplicate" for a record this database never sent is a conflict, not an acceptance', async () => {
    later(60)
    const [number] = await issued(1)
    // The AEAT holds a record of that invoice from elsewhere (a database restored from a backup sent it before).
    fake.held.set(fakeKey(number!), { state: 'Correcta', hash: '0'.repeat(64), times: 1 })
    expect(await sender().sendDue()).toMatchObject({ sent: 1, states: { conflict: 1 } })
    expect(await answersOf(number!)).toMatchObject([{ state: 'conflict', code: '3000' }])
    expect((await recordSendStates(database.db, 'test')).conflict).toBe(1)
    // Its numbers and chain may no longer be the AEAT's: no invoice until an admin reconciles (docs/decisions/030).
    expect(await invoicingHalt(database.db, 'test')).toMatchObject({ reason: 'conflict', detail: number })
    const orderId = await insertOrderRow(database.db, { status: 'confirmed', paymentStatus: 'paid' })
    expect(await database.db.transaction((tx) => issueInvoice(tx, orderId, settings, now))).toBeNull()
    expect(await liftInvoicingHalt(database.db, 'test')).toBe(true)
  })
})

describe('the certificate and the sender’s lock', () => {
  it('sends with a PEM file or a legacy-encrypted PKCS#12 as well; a certificate from another authority is refused at the handshake', async () => {
    for (const certPath of [certs.clientPemPath, certs.clientLegacyP12Path]) {
      later(60)
      await issued(1)
      expect(await sender({ certPath }).sendDue()).toMatchObject({ sent: 1, outcome: 'answered' })
    }
    later(60)
    await issued(1)
    const stranger = await sender({ certPath: certs.strangerPemPath }).sendDue()
    expect(stranger).toMatchObject({ sent: 1, outcome: 'failed' })
  })

  it('one sender at a time: a second one finds the first at work and sends nothing', async () => {
    later(60)
    const sent = fake.messages.length
    fake.behaviour.delayOnceMs = 400
    const [a, b] = await Promise.all([sender().sendDue(), sender().sendDue()])
    expect([a, b]).toEqual(expect.arrayContaining([{ sent: 0, reason: 'busy' }, expect.objectContaining({ outcome: 'answered' })]))
    expect(fake.messages.length).toBe(sent + 1)
  })

  it('on PostgreSQL, one sender across two instances (pools) of the shop', async () => {
    const shared = await createSharedTestDatabase()
    if (!shared) return // PGlite is one process: the test above covers it
    const [one, two] = [shared.open(), shared.open()]
    try {
      const orderId = await insertOrderRow(one.db, { status: 'confirmed', paymentStatus: 'paid', subtotalCents: 5000, totalCents: 5000 })
      await one.db.insert(orderItems).values({ orderId, productName: 'Panel', quantity: 1, unitPriceCents: 5000, subtotalCents: 5000 })
      await one.db.transaction((tx) => issueInvoice(tx, orderId, settings, now))
      const obligado = { NombreRazon: sampleCompany.legalName, NIF: sampleCompany.taxId }
      const certificate = readClientCertificate(readFileSync(certs.clientPemPath), undefined)
      const transport = httpsTransport({ endpoint: fake.url, certificate, ca: certs.ca })
      const senders = [one, two].map((handle) =>
        createVerifactuSender({ database: handle, service: 'test', obligado, transport, log: silentLog, clock }),
      )
      const before = fake.messages.length
      fake.behaviour.delayOnceMs = 400
      const results = await Promise.all(senders.map((each) => each.sendDue()))
      expect(results).toEqual(expect.arrayContaining([{ sent: 0, reason: 'busy' }, expect.objectContaining({ sent: 1, outcome: 'answered' })]))
      expect(fake.messages.length).toBe(before + 1)
      expect(await chainRecords(one.db, 'test')).toHaveLength(1)
    } finally {
      await one.close()
      await two.close()
      await shared.drop()
    }
  })
})

describe('the fake AEAT checks what it is sent', () => {
  it('answers a SOAP Fault for a record whose elements are out of the schema’s order', async () => {
    later(60)
    const [stored] = await chainRecords(database.db, 'test', 1)
    const good = soapEnvelope(regFactuXml({ NombreRazon: sampleCompany.legalName, NIF: sampleCompany.taxId }, [stored!.record]))
    const swapped = good.replace(/(<sf:CuotaTotal>[^<]*<\/sf:CuotaTotal>)(<sf:ImporteTotal>[^<]*<\/sf:ImporteTotal>)/, '$2$1')
    expect(swapped).not.toBe(good)
    const transport = httpsTransport({
      endpoint: fake.url,
      certificate: readClientCertificate(readFileSync(certs.clientPemPath), undefined),
      ca: certs.ca,
    })
    expect(await transport.post(swapped)).toMatch(/<faultstring>Codigo\[4102\].*CuotaTotal missing where ImporteTotal is/)
    expect(await transport.post(good)).toMatch(/Registro de facturación duplicado/)
  })
})
