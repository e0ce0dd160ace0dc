import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orders, testPaymentSessions } from '../../db/schema/index.ts'
import { totals } from '../../../core/totals.ts'
import type { CheckoutSessionRequest, PaymentProvider, SessionState } from './provider.ts'

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
      return { id: open.id, url: `${publicUrl}/test-payment/${open.id}` }
    },
    async retrieveSession(sessionId: string): Promise<SessionState | null> {
      const row = await find(sessionId)
      return row ? { id: row.id, orderId: row.orderId, paid: row.paid, status: row.status, amountCents: row.amountCents, currency: 'eur' } : null
    },
    /** What the test payment page shows. */
    async describe(sessionId: string) {
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
        .where(and(eq(testPaymentSessions.id, sessionId), eq(testPaymentSessions.status, 'open')))
        .returning({ successUrl: testPaymentSessions.successUrl })
      return row ? row.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId)) : null
    },
  } satisfies PaymentProvider & Record<string, unknown>
  return provider
}

export type TestPaymentProvider = ReturnType<typeof createTestProvider>
