import { randomBytes } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orders, testPaymentRefunds, testPaymentSessions } from '../../db/schema/index.ts'
import { totals } from '../../../core/totals.ts'
import { languageOfPath, localizedUrl } from '../../../core/language-urls.ts'
import type { CheckoutSessionRequest, PaymentProvider, RefundRequest, SessionState } from './provider.ts'

/**
 * The built-in test provider (no Stripe key set): a hosted payment page on the shop itself,
 * clearly marked as test mode, whose sessions behave like Stripe Checkout's: the shop learns that
 * a session was paid only by asking the provider, never from a URL.
 */
export function createTestProvider(db: Database, publicUrl: string) {
  async function find(sessionId: string) {
    const [row] = await db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, sessionId)).limit(1)
    return row ?? null
  }

  /** Like Stripe: an open session past its 24 hours is expired, whoever asks. */
  async function lapse(sessionId: string) {
    await db
      .update(testPaymentSessions)
      .set({ status: 'expired' })
      .where(and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.status, 'open'), sql`${testPaymentSessions.expiresAt} <= now()`))
  }

  function state(row: typeof testPaymentSessions.$inferSelect): SessionState {
    return {
      id: row.id,
      orderId: row.orderId,
      paid: row.paid,
      status: row.status,
      amountCents: row.amountCents,
      currency: 'eur',
      // The payment page is in the order's language, which its return address carries.
      url: row.status === 'open' ? localizedUrl(publicUrl, `/test-payment/${row.id}`, languageOfPath(new URL(row.successUrl).pathname)) : null,
    }
  }

  const provider = {
    name: 'test' as const,
    async createCheckoutSession(request: CheckoutSessionRequest) {
      const sum = totals(request.lines).subtotalCents
      if (sum !== request.amountCents) throw new Error(`line items add up to ${sum}, not ${request.amountCents}`)
      // Like Stripe's idempotency key per order: a repeated request gets the open session back.
      const id = `test_cs_${randomBytes(18).toString('base64url')}`
      await db
        .insert(testPaymentSessions)
        .values({ id, orderId: request.orderId, amountCents: request.amountCents, successUrl: request.successUrl, cancelUrl: request.cancelUrl })
        .onConflictDoNothing({ target: testPaymentSessions.orderId, where: sql`${testPaymentSessions.status} = 'open'` })
      const [open] = await db
        .select({ id: testPaymentSessions.id })
        .from(testPaymentSessions)
        .where(and(eq(testPaymentSessions.orderId, request.orderId), eq(testPaymentSessions.status, 'open')))
        .limit(1)
      if (!open) throw new Error('the payment session was not stored')
      return { id: open.id, url: localizedUrl(publicUrl, `/test-payment/${open.id}`, request.language) }
    },
    async retrieveSession(sessionId: string): Promise<SessionState | null> {
      await lapse(sessionId)
      const row = await find(sessionId)
      return row ? state(row) : null
    },

    async expireSession(sessionId: string): Promise<SessionState | null> {
      await db
        .update(testPaymentSessions)
        .set({ status: 'expired' })
        .where(and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.status, 'open')))
      const row = await find(sessionId)
      return row ? state(row) : null
    },

    /** Like Stripe's refunds: in parts, never more than was paid, once per key. */
    async refund({ sessionId, amountCents, key }: RefundRequest): Promise<{ refundId: string }> {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .select({ amountCents: testPaymentSessions.amountCents })
          .from(testPaymentSessions)
          .where(and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.paid, true)))
          .for('update')
        if (!session) throw new Error(`test payment session ${sessionId} has no payment to refund`)
        const [earlier] = await tx.select({ id: testPaymentRefunds.id }).from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, key))
        if (earlier) return { refundId: earlier.id }
        const [given] = await tx
          .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)`.mapWith(Number) })
          .from(testPaymentRefunds)
          .where(eq(testPaymentRefunds.sessionId, sessionId))
        const left = session.amountCents - (given?.cents ?? 0)
        const amount = amountCents ?? left
        if (amount <= 0 || amount > left) throw new Error(`test payment session ${sessionId} has ${left} cents left to refund, not ${amount}`)
        const id = `test_re_${randomBytes(12).toString('hex')}`
        await tx.insert(testPaymentRefunds).values({ id, sessionId, idempotencyKey: key, amountCents: amount })
        return { refundId: id }
      })
    },
    /** What the test payment page shows. */
    async describe(sessionId: string) {
      await lapse(sessionId)
      const [row] = await db
        .select({
          id: testPaymentSessions.id,
          amountCents: testPaymentSessions.amountCents,
          status: testPaymentSessions.status,
          orderNumber: orders.orderNumber,
          cancelUrl: testPaymentSessions.cancelUrl,
        })
        .from(testPaymentSessions)
        .innerJoin(orders, eq(testPaymentSessions.orderId, orders.id))
        .where(eq(testPaymentSessions.id, sessionId))
        .limit(1)
      return row ?? null
    },
    /** The shopper pays: the session completes; returns where the browser goes next. */
    async pay(sessionId: string): Promise<string | null> {
      const [row] = await db
        .update(testPaymentSessions)
        .set({ paid: true, status: 'complete' })
        .where(and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.status, 'open'), gt(testPaymentSessions.expiresAt, sql`now()`)))
        .returning({ successUrl: testPaymentSessions.successUrl })
      return row ? row.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId)) : null
    },
  } satisfies PaymentProvider & Record<string, unknown>
  return provider
}

export type TestPaymentProvider = ReturnType<typeof createTestProvider>
