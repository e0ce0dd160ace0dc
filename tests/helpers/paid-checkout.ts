import { randomUUID } from 'node:crypto'
import type { Database } from '../../server/db/client.ts'
import { createServices, type ServiceOverrides } from '../../server/services/index.ts'
import { memoryCartSession, type SessionUser } from '../../server/trpc.ts'
import type { BillingInput } from '../../core/billing.ts'
import { testEnv } from './env.ts'
import { testShipping } from './http-shopper.ts'
import { silentLog } from './silent-log.ts'
import { callerAs } from './users.ts'

const sessionIdOf = (paymentUrl: string | null) => decodeURIComponent(paymentUrl!.split('/test-payment/')[1]!)

/**
 * A shopper's checkout through the procedures, with services of their own: `quantity` of a product,
 * with billing details or none, paid at the test provider and confirmed unless `pay` is false.
 */
export async function shopperCheckout(
  db: Database,
  opts: {
    productId: string
    quantity?: number
    billing?: BillingInput | null
    buyer?: SessionUser
    language?: 'es' | 'en'
    pay?: boolean
    env?: Record<string, string>
    overrides?: ServiceOverrides
    /** Collected at the showroom, with only the contact (no address). */
    pickup?: boolean
  },
) {
  const own = createServices(testEnv(opts.env), db, silentLog, opts.overrides)
  const caller = await callerAs(db, opts.buyer ? 'customer' : 'anonymous', {
    services: own,
    cartSession: memoryCartSession(),
    ...(opts.language ? { language: opts.language } : {}),
    ...(opts.buyer ? { user: opts.buyer } : {}),
  })
  await caller.cart.add({ productId: opts.productId, quantity: opts.quantity ?? 2 })
  const email = `buyer-${randomUUID()}@example.com`
  const { full_name, phone } = testShipping
  const created = await caller.checkout.create({
    shipping: opts.pickup ? { full_name, phone, email } : { ...testShipping, email },
    delivery: opts.pickup ? 'pickup' : 'home',
    billing: opts.billing ?? null,
    checkoutKey: randomUUID(),
  })
  if (opts.pay !== false) {
    await own.testPayments!.pay(sessionIdOf(created.paymentUrl))
    await caller.checkout.confirm({ orderId: created.orderId, sessionId: sessionIdOf(created.paymentUrl) })
  }
  return { caller, email, id: created.orderId }
}
