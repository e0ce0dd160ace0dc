import type { Database } from '../db/client.ts'
import { AppError } from '../errors.ts'
import type { AppLogger } from '../logger.ts'
import { createOrderFromCart, paymentAmountCents, setPaymentSession, type CreatedOrder, type CreateOrderOptions } from './orders.ts'
import type { Services } from './index.ts'
import { messages } from '../../core/messages.ts'

export interface StartCheckoutOptions extends CreateOrderOptions {
  log: AppLogger
}

/**
 * Where the shopper goes next: the payment page of a pending order (`paymentUrl`), or, for an order
 * that is no longer waiting for payment, nowhere to pay (`paymentUrl: null`) and the order's state.
 */
export interface CheckoutResult {
  orderId: string
  orderNumber: string
  paymentUrl: string | null
  status: CreatedOrder['status']
  paymentStatus: CreatedOrder['paymentStatus']
}

/**
 * Checkout: the order from the caller's cart (services/orders), then a payment session for it at
 * the provider. A repeated submit of the same checkout finds the same order; an order that was
 * paid or cancelled meanwhile is never offered for payment again.
 */
export async function startCheckout(db: Database, services: Services, opts: StartCheckoutOptions): Promise<CheckoutResult> {
  const order = await createOrderFromCart(db, opts)
  const state = { orderId: order.id, orderNumber: order.orderNumber, status: order.status, paymentStatus: order.paymentStatus }
  if (order.status !== 'pending' || order.paymentStatus === 'paid') return { ...state, paymentUrl: null }
  const base = services.publicUrl
  try {
    const session = await services.payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountCents: paymentAmountCents(order.totalCents),
      currency: 'eur',
      customerEmail: opts.shipping.email,
      language: opts.language,
      lines: order.lines,
      successUrl: `${base}/payment-success?order_id=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/checkout?cancelled=1`,
    })
    if (session.id !== order.paymentSessionId) await setPaymentSession(db, order.id, session.id)
    return { ...state, paymentUrl: session.url }
  } catch (error) {
    opts.log.error({ err: error, orderId: order.id }, 'payment session could not be created')
    throw new AppError('SERVICE_UNAVAILABLE', messages.orderFailed, { cause: error })
  }
}
