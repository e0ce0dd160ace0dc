import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database, DatabaseHandle } from '../db/client.ts'
import { emailOutbox, jobs } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { memoryCartSession } from '../trpc.ts'
import { createEmailOutbox, emailOutboxCounts, startEmailOutboxWorker } from './email-outbox.ts'
import { requestCatalog } from './forms.ts'
import { createServices } from './index.ts'
import { createMailer, type MailMessage } from './mail.ts'
import { providerActor } from './orders/events.ts'
import { ordersContext } from './orders/index.ts'
import { orderConfirmationKey, orderEmailHandler } from './orders/notifications.ts'
import { transition } from './orders/transition.ts'
import { createSharedTestDatabase, createTestDatabase } from '../../tests/helpers/db.ts'
import { testEnv } from '../../tests/helpers/env.ts'
import { testShipping } from '../../tests/helpers/http-shopper.ts'
import { freePort } from '../../tests/helpers/server-process.ts'
import { silentLog } from '../../tests/helpers/silent-log.ts'
import { startSmtpSink } from '../../tests/helpers/smtp-sink.ts'
import { callerAs } from '../../tests/helpers/users.ts'
import { recordingLog, testClock } from '../../tests/helpers/test-clock.ts'

// SMTP down when an order is paid. The order is still paid; the email is kept in
// email_outbox and retried with backoff until it goes, exactly once, even with several instances
// (two handles on one PostgreSQL database with TEST_DATABASE_URL; one PGlite otherwise).

let first: DatabaseHandle
let second: DatabaseHandle
let dropShared: (() => Promise<void>) | null = null
let productId: string
const cleanups: Array<() => Promise<unknown>> = []

beforeAll(async () => {
  const shared = await createSharedTestDatabase()
  if (shared) {
    first = shared.open()
    second = shared.open()
    dropShared = shared.drop
  } else {
    first = await createTestDatabase()
    second = first
  }
  const visitor = await callerAs(first.db, 'anonymous')
  productId = (await visitor.catalog.products()).find((p) => p.slug === seedProducts[0]!.slug)!.id
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(async () => {
  if (second !== first) await second.close()
  await first.close()
  await dropShared?.()
})

const seconds = (n: number) => n * 1000
const hours = (n: number) => n * 3_600_000

/** SMTP_URL naming a mail server that is down (nothing listens on its port) until `up()` starts it there. */
async function mailServerDown() {
  const port = await freePort()
  const url = `smtp://127.0.0.1:${port}`
  const transport = () => createMailer({ smtpUrl: url, from: 'Tienda <tienda@example.com>', outboxDir: '/nonexistent', log: silentLog })
  return {
    transport,
    async up() {
      const sink = await startSmtpSink({ port })
      cleanups.push(sink.close)
      return sink
    },
  }
}

/** One instance of the shop: its services on its own database handle, its mail through `smtp`. */
function instance(db: Database, smtp: Awaited<ReturnType<typeof mailServerDown>>, clock: ReturnType<typeof testClock>, log = recordingLog()) {
  const services = createServices(testEnv(), db, log, { mailer: smtp.transport(), mailClock: clock.now })
  cleanups.push(() => services.mailer.close())
  return { services, log }
}

async function paidOrder(services: ReturnType<typeof instance>['services']) {
  const caller = await callerAs(first.db, 'anonymous', { services, cartSession: memoryCartSession() })
  await caller.cart.add({ productId, quantity: 1 })
  const email = `buyer-${randomUUID()}@example.com`
  const created = await caller.checkout.create({ shipping: { ...testShipping, email }, checkoutKey: randomUUID() })
  const sessionId = decodeURIComponent(created.paymentUrl!.split('/test-payment/')[1]!)
  return { caller, email, id: created.orderId, sessionId }
}

async function outboxRow(dedupeKey: string) {
  const rows = await first.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey))
  expect(rows).toHaveLength(1)
  return rows[0]!
}

const mailsTo = (received: Array<{ to: string[]; raw: string }>, address: string) => received.filter((mail) => mail.to.includes(address))

describe('SMTP down when an order is paid', () => {
  it('keeps the order paid and the email pending, then delivers it once when the server is back, to one of two instances', async () => {
    const smtp = await mailServerDown()
    const clock = testClock()
    const a = instance(first.db, smtp, clock)
    const b = instance(second.db, smtp, clock)
    const order = await paidOrder(a.services)
    await a.services.testPayments!.pay(order.sessionId)
    const paidAt = clock.now()
    expect(await order.caller.checkout.confirm({ orderId: order.id, sessionId: order.sessionId })).toMatchObject({ paymentStatus: 'paid' })

    const kept = await outboxRow(orderConfirmationKey(order.id))
    expect(kept).toMatchObject({ status: 'pending', attempts: 1, recipient: order.email, kind: 'order-confirmation', sentAt: null })
    expect(kept.nextAttemptAt.getTime() - paidAt.getTime()).toBe(seconds(30))
    expect(kept.lastError).toMatch(/ECONNREFUSED/)
    expect(kept.lastError).not.toContain('smtp://')
    expect(a.log.lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'email not sent: kept and retried later' }))
    expect((await emailOutboxCounts(first.db)).pending).toBeGreaterThanOrEqual(1)

    // Back before the retry is due: nobody sends it yet.
    const sink = await smtp.up()
    expect(await a.services.mailer.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(mailsTo(sink.received, order.email)).toHaveLength(0)

    clock.advance(seconds(31))
    const passes = await Promise.all([a.services.mailer.deliverDue(), b.services.mailer.deliverDue()])
    // The buyer's confirmation and the shop's alert of the paid order, each once.
    expect(passes.map((pass) => pass.sent).reduce((x, y) => x + y)).toBe(2)
    await Promise.all([a.services.mailer.deliverDue(), b.services.mailer.deliverDue()])

    const [mail, ...more] = mailsTo(sink.received, order.email)
    expect(more).toHaveLength(0)
    // The invoice travels with it, kept in the outbox while the server was down.
    expect(mail!.raw).toMatch(/Content-Type: application\/pdf/)
    const sent = await outboxRow(orderConfirmationKey(order.id))
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null, lockedUntil: null })
    expect(sent.sentAt).toEqual(clock.now())
  })

  it('with two instances working through the same due emails at once, sends each exactly once', async () => {
    const smtp = await mailServerDown()
    const clock = testClock()
    const queueing = instance(first.db, smtp, clock)
    const recipients = Array.from({ length: 12 }, () => `many-${randomUUID()}@example.com`)
    for (const to of recipients) {
      await queueing.services.mailer.send({ to, subject: 'Su pedido', html: '<p>Hola</p>', text: 'Hola', kind: 'order-shipped' })
    }
    const sink = await smtp.up()
    clock.advance(seconds(31))
    // Small batches, so the two instances' claims interleave over several passes.
    const workers = [first, second].map((handle) => {
      const outbox = createEmailOutbox(handle.db, smtp.transport(), { log: silentLog, clock: clock.now, batchSize: 3 })
      cleanups.push(() => outbox.close())
      return outbox
    })
    let sent = 0
    for (let pass = 0; pass < 10; pass++) {
      const outcomes = await Promise.all(workers.map((worker) => worker.deliverDue()))
      sent += outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)
    }
    expect(sent).toBe(recipients.length)
    for (const to of recipients) expect(mailsTo(sink.received, to)).toHaveLength(1)
    const rows = await first.db.select({ status: emailOutbox.status, recipient: emailOutbox.recipient }).from(emailOutbox)
    expect(rows.filter((row) => recipients.includes(row.recipient)).map((row) => row.status)).toEqual(recipients.map(() => 'sent'))
  })

  it('retries after 30 s, doubling up to an hour, and marks the email failed after three days (logged as an error)', async () => {
    const smtp = await mailServerDown()
    const clock = testClock()
    const { services, log } = instance(first.db, smtp, clock)
    const to = `never-${randomUUID()}@example.com`
    const message: MailMessage = { to, subject: 'Su pedido', html: '<p>Hola</p>', text: 'Hola', kind: 'order-delivered', dedupeKey: `test:${to}` }
    const queuedAt = clock.now()
    await services.mailer.send(message)
    const waits: number[] = []
    let row = await outboxRow(`test:${to}`)
    for (let pass = 0; pass < 200 && row.status === 'pending'; pass++) {
      waits.push((row.nextAttemptAt.getTime() - clock.now().getTime()) / 1000)
      clock.set(row.nextAttemptAt)
      await services.mailer.deliverDue()
      row = await outboxRow(`test:${to}`)
    }
    expect(waits.slice(0, 10)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
    expect(row.status).toBe('failed')
    expect(row.lastError).toMatch(/ECONNREFUSED/)
    const triedFor = clock.now().getTime() - queuedAt.getTime()
    expect(triedFor).toBeGreaterThanOrEqual(hours(72))
    expect(triedFor).toBeLessThan(hours(73))
    expect(row.attempts).toBe(waits.length + 1)
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([
      expect.objectContaining({ msg: 'email given up after retrying: marked failed', obj: expect.objectContaining({ kind: 'order-delivered' }) }),
    ])
    const counts = await emailOutboxCounts(first.db)
    expect(counts.failed).toBeGreaterThanOrEqual(1)

    // A failed email is left alone: the server coming back does not send it.
    const sink = await smtp.up()
    clock.advance(hours(2))
    await services.mailer.deliverDue()
    expect(mailsTo(sink.received, to)).toHaveLength(0)
    expect(await emailOutboxCounts(first.db)).toEqual(counts)
  })

  it('answers a catalog request as sent while SMTP is down, and the catalog arrives once it is back', async () => {
    const smtp = await mailServerDown()
    const clock = testClock()
    const { services } = instance(first.db, smtp, clock)
    const email = `catalog-${randomUUID()}@example.com`
    const deps = {
      mailer: services.mailer,
      publicUrl: services.publicUrl,
      company: services.company,
      log: silentLog,
      catalogPdf: services.catalogPdf,
      limits: services.limits,
    }
    const answer = await requestCatalog(first.db, { name: 'Lucía Pérez', email, language: 'en', website: '' }, { userId: null }, deps)
    expect(answer.downloadUrl).toMatch(/\/catalog\.pdf\?lang=en$/)
    const [kept] = await first.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email))
    expect(kept).toMatchObject({ status: 'pending', kind: 'catalog' })

    const sink = await smtp.up()
    clock.advance(seconds(31))
    await services.mailer.deliverDue()
    const mails = mailsTo(sink.received, email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.raw).toMatch(/Content-Type: application\/pdf/)
  })
})

/**
 * Two instances on one database, the mail server up, and an order paid by an instance that died
 * between the payment's commit and running its email job (the job is queued, never run).
 */
async function paidOnTwoInstances() {
  const smtp = await mailServerDown()
  const sink = await smtp.up()
  const clock = testClock()
  const a = instance(first.db, smtp, clock)
  const b = instance(second.db, smtp, clock)
  const order = await paidOrder(a.services)
  await a.services.testPayments!.pay(order.sessionId)
  const ctx = ordersContext(first.db, a.services, { log: silentLog, jobs: { clock: clock.now } })
  const dying = { ...ctx, jobs: { ...ctx.jobs, run: async () => {} } }
  const session = (await a.services.payments.retrieveSession(order.sessionId))!
  const facts = { sessionId: session.id, amountCents: session.amountCents, currency: session.currency }
  const paid = await transition(dying, { orderId: order.id, event: 'pay', actor: providerActor, facts })
  expect(paid.result).toBe('applied')
  return { sink, clock, a, b, order }
}

describe('a crash between the payment and its email', () => {
  it('leaves the confirmation queued as a job, which one of two instances’ workers runs, once', async () => {
    const { sink, a, b, order } = await paidOnTwoInstances()
    expect(
      await first.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, orderConfirmationKey(order.id))),
    ).toHaveLength(0)
    const [job] = await first.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, orderConfirmationKey(order.id)))
    expect(job).toMatchObject({ kind: 'order-email', status: 'pending', attempts: 0 })

    const passes = await Promise.all([a.services.orders.jobs.runDue(), b.services.orders.jobs.runDue()])
    // The confirmation's job and the shop's alert's, each run once.
    expect(passes.reduce((sum, pass) => sum + pass.done, 0)).toBe(2)
    expect((await a.services.orders.jobs.runDue()).done).toBe(0)
    expect(mailsTo(sink.received, order.email)).toHaveLength(1)
    expect(await outboxRow(orderConfirmationKey(order.id))).toMatchObject({ status: 'sent', kind: 'order-confirmation' })
    const [done] = await first.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, orderConfirmationKey(order.id)))
    expect(done).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('keeps the payment when its job cannot even be claimed after the commit (the database dropped): the worker sends it', async () => {
    const smtp = await mailServerDown()
    const sink = await smtp.up()
    const clock = testClock()
    const a = instance(first.db, smtp, clock)
    const order = await paidOrder(a.services)
    await a.services.testPayments!.pay(order.sessionId)
    const log = recordingLog()
    const ctx = ordersContext(first.db, a.services, { log, jobs: { clock: clock.now } })
    const unreachable = { ...ctx, jobs: { ...ctx.jobs, run: () => Promise.reject(new Error('connection terminated')) } }
    const session = (await a.services.payments.retrieveSession(order.sessionId))!
    const facts = { sessionId: session.id, amountCents: session.amountCents, currency: session.currency }
    const paid = await transition(unreachable, { orderId: order.id, event: 'pay', actor: providerActor, facts })
    expect(paid).toMatchObject({ result: 'applied', state: { status: 'confirmed', paymentStatus: 'paid' } })
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'error', msg: 'a transition’s job could not be run now: left to the worker' }))
    // The confirmation's job and the shop's alert's.
    expect((await a.services.orders.jobs.runDue()).done).toBe(2)
    expect(mailsTo(sink.received, order.email)).toHaveLength(1)
  })

  it('queues one confirmation when the job runs twice at once (a lease that ran out mid-run)', async () => {
    const { sink, a, b, order } = await paidOnTwoInstances()
    const [job] = await first.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, orderConfirmationKey(order.id)))
    await Promise.all([
      orderEmailHandler(ordersContext(first.db, a.services, { log: silentLog }))(job!.payload),
      orderEmailHandler(ordersContext(second.db, b.services, { log: silentLog }))(job!.payload),
    ])
    expect(mailsTo(sink.received, order.email)).toHaveLength(1)
  })
})

describe('the worker every instance runs', () => {
  it('sends what is due on its own, and stopping does not wait long for a send that hangs', async () => {
    const clock = testClock()
    const delivered: string[] = []
    let mode: 'fail' | 'deliver' | 'hang' = 'fail'
    let hanging: (() => void) | null = null
    const transport = {
      transport: 'outbox' as const,
      async send(message: MailMessage) {
        if (mode === 'fail') throw new Error('mail server down')
        if (mode === 'hang') await new Promise<void>((resolve) => (hanging = resolve))
        delivered.push(message.to)
      },
      async close() {},
    }
    const outbox = createEmailOutbox(first.db, transport, { log: silentLog, clock: clock.now })
    const message = (to: string): MailMessage => ({ to, subject: 'Hola', html: '<p>Hola</p>', text: 'Hola', kind: 'worker-test' })
    const to = `worker-${randomUUID()}@example.com`
    await outbox.send(message(to))
    mode = 'deliver'
    clock.advance(seconds(31))
    let sweeps = 0
    const worker = startEmailOutboxWorker(outbox, { log: silentLog, everyMs: 20, stopWaitMs: 200, sweep: async () => void sweeps++ })
    cleanups.push(() => worker.stop())
    await expect.poll(() => delivered, { timeout: 5000 }).toEqual([to])
    expect(sweeps).toBe(1)

    mode = 'fail'
    const stuck = `stuck-${randomUUID()}@example.com`
    await outbox.send(message(stuck))
    mode = 'hang'
    clock.advance(seconds(31))
    await expect.poll(() => hanging !== null, { timeout: 5000 }).toBe(true)
    const stopping = Date.now()
    await worker.stop()
    expect(Date.now() - stopping).toBeLessThan(1000)
    hanging!()
    await expect.poll(() => delivered, { timeout: 5000 }).toEqual([to, stuck])
  })
})
