import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServices } from '../../server/services/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { eventually } from '../helpers/eventually.ts'
import { startFakeAeat, type FakeAeat } from '../helpers/fake-aeat.ts'
import { seedProducts } from '../../server/db/seed-data.ts'
import { products } from '../../server/db/schema/index.ts'
import { shopperCheckout } from '../helpers/paid-checkout.ts'
import { silentLog } from '../helpers/silent-log.ts'
import { makeTestCertificates, type TestCertificates } from '../helpers/test-certificates.ts'
import { callerAs, insertUser } from '../helpers/users.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { eq } from 'drizzle-orm'
import { invoices, profiles, verifactuRecords } from '../../server/db/schema/index.ts'

// The running shop sends its VERI*FACTU records (docs/decisions/028): configured by VERIFACTU_CERT_PATH
// (a legacy PKCS#12 with its password here) and VERIFACTU_ENDPOINT, a paid order's invoice reaches
// the (fake) AEAT on its own, /metrics counts the records by state, the log warns of a certificate
// about to expire, and the owner's pages are told whether records are sent.

const token = 'metrics-token-for-the-test-0123'
let certs: TestCertificates
let fake: FakeAeat
let t: TestApp
const logLines: string[] = []

beforeAll(async () => {
  // The company's certificate expires in 20 days: within the 30 days' warning.
  certs = makeTestCertificates(20)
  fake = await startFakeAeat({ ...certs.server, ca: certs.ca })
  fake.behaviour.waitSeconds = 0
  t = await createTestApp({
    env: {
      VERIFACTU: 'test',
      VERIFACTU_CERT_PATH: certs.clientLegacyP12Path,
      VERIFACTU_CERT_PASSWORD: certs.password,
      VERIFACTU_ENDPOINT: fake.url,
      METRICS_TOKEN: token,
      LOG_LEVEL: 'info',
    },
    logLines,
    verifactuCa: certs.ca,
    verifactuEveryMs: 100,
  })
})
afterAll(async () => {
  await t?.app.close()
  await fake?.close()
})

const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body

describe('the shop sends its records to the AEAT', () => {
  it('a paid order’s invoice reaches the AEAT on its own, accepted; the metrics count it', async () => {
    const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.slug, seedProducts[0]!.slug))
    const order = await shopperCheckout(t.database.db, { productId: product!.id, env: { VERIFACTU: 'test' } })
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    await eventually(async () => fake.messages.some((message) => message.numbers.includes(invoice!.number)), 10_000)
    await eventually(async () => (await scrape()).includes('shop_verifactu_records{state="accepted"} 1'), 5000)
    const metrics = await scrape()
    expect(metrics).toContain('shop_verifactu_records{state="pending"} 0')
    expect(metrics).toContain('shop_verifactu_records{state="rejected"} 0')
    expect(fake.chainProblems).toEqual([])
    expect(fake.messages.at(-1)!.clientSubject).toBe('B12345674 PANELES TORREVIEJA')
  })

  it('a wholesale customer’s invoice under the recargo de equivalencia reaches it with the recargo in its breakdown, amounts adding up', async () => {
    const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.slug, seedProducts[0]!.slug))
    const buyer = await insertUser(t.database.db, 'b2b')
    await t.database.db.update(profiles).set({ companyName: 'Pinturas Segura', taxId: '12345678Z' }).where(eq(profiles.userId, buyer.id))
    await (
      await callerAs(t.database.db, 'admin', { services: createServices(t.env, t.database.db, silentLog) })
    ).admin.setSurcharge({ userId: buyer.id, applies: true })
    const order = await shopperCheckout(t.database.db, { productId: product!.id, buyer, env: { VERIFACTU: 'test' } })
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id))
    expect(invoice!.surchargeCents).toBeGreaterThan(0)
    await eventually(async () => fake.messages.some((message) => message.numbers.includes(invoice!.number)), 10_000)
    expect([...fake.held.entries()].find(([key]) => key.includes(`|${invoice!.number}|`))?.[1].state).toBe('Correcta')
    expect(fake.amountProblems).toEqual([])
    expect(fake.chainProblems).toEqual([])
  })

  it('warns in the log that the certificate expires within 30 days, and says where records go', () => {
    const lines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; daysLeft?: number; endpoint?: string })
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, msg: 'VERI*FACTU: the certificate expires soon: renew it (VERIFACTU_CERT_PATH)', daysLeft: 19 }),
    )
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'VERI*FACTU: records are sent to the AEAT', endpoint: fake.url }))
  })

  it('tells the owner’s pages how sending goes: the service, the certificate and its days left', async () => {
    const admin = await callerAs(t.database.db, 'admin', { services: createServices(t.env, t.database.db, silentLog) })
    expect(await admin.admin.verifactu.status()).toEqual({
      mode: 'test',
      sending: true,
      certificate: { subject: expect.stringContaining('CN=B12345674 PANELES TORREVIEJA'), expiresAt: expect.any(String), daysLeft: 19 },
      warnFromDays: 30,
      attention: { rejected: 0, conflicts: 0, unsentLong: 0 },
      halt: null,
    })
    const unsent = await createTestApp({ env: { VERIFACTU: 'test' } })
    try {
      const owner = await callerAs(unsent.database.db, 'admin', { services: createServices(unsent.env, unsent.database.db, silentLog) })
      expect(await owner.admin.verifactu.status()).toEqual({
        mode: 'test',
        sending: false,
        certificate: null,
        warnFromDays: 30,
        attention: { rejected: 0, conflicts: 0, unsentLong: 0 },
        halt: null,
      })
      // Nothing to retry while nothing is sent: the owner is told why.
      await expect(owner.admin.verifactu.retry()).rejects.toMatchObject({ code: 'CONFLICT' })
    } finally {
      await unsent.app.close()
    }
  })
})

describe('the owner’s corrections over HTTP', () => {
  it('refuses to correct a record that is not rejected or accepted with errors, in the admin’s language, changing nothing', async () => {
    const admin = await shopperAs(t, 'admin')
    const [record] = await t.database.db.select().from(verifactuRecords).limit(1)
    const before = await t.database.db.select().from(verifactuRecords)
    for (const id of [record!.id, '00000000-0000-4000-8000-000000000000']) {
      const answer = await admin.shopper.mutation('admin.verifactu.correct', { id, unregisteredBuyer: true })
      expect(answer.status).toBe(409)
      expect(answer.error?.message).toBe(
        'Solo se puede corregir un registro que Hacienda haya rechazado (o un registro de alta que haya aceptado con errores) y que aún no se haya corregido.',
      )
    }
    expect(await t.database.db.select().from(verifactuRecords)).toEqual(before)
  })
})
