import type { Database } from '../db/client.ts'
import type { AppLogger } from '../logger.ts'
import { orderForCheckout, replaceOrderContents, type CreateOrderOptions } from './orders.ts'
import { closePaymentSession, openPayment, type PaymentStep } from './pending-orders.ts'
import type { Services } from './index.ts'

export interface StartCheckoutOptions extends CreateOrderOptions {
  log: AppLogger
}

export type CheckoutResult = PaymentStep

/**
 * Checkout: the order from the caller's cart (services/orders), then its payment page. The same
 * checkout key gives the same order while it is pending (a double submit, or the shopper back from
 * the payment page): unchanged, its open payment session is offered again; with a changed cart or
 * details, the old session is closed at the provider first and the order updated. An order that
 * was paid or cancelled meanwhile is never offered for payment again.
 */
export async function startCheckout(db: Database, services: Services, opts: StartCheckoutOptions, retries = 2): Promise<CheckoutResult> {
  const { order, draft } = await orderForCheckout(db, opts)
  // retries: a concurrent request moved the order on; after a few rounds, the order as it stands.
  if (!draft || retries === 0) return openPayment(db, services, order, { returnTo: '/checkout', log: opts.log })
  // The payment page of the old contents must not be payable once the order says something else.
  if ((await closePaymentSession(db, services, order, opts.log)) === 'paid') {
    return startCheckout(db, services, opts, retries - 1)
  }
  const replaced = await replaceOrderContents(db, order, draft)
  // Null: the order moved on meanwhile (paid or cancelled by a concurrent request): say where it stands.
  return replaced ? openPayment(db, services, replaced, { returnTo: '/checkout', log: opts.log }) : startCheckout(db, services, opts, retries - 1)
}
