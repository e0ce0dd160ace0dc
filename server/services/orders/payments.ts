/**
 * A pending order's payment (docs/product.md#checkout, docs/decisions/014): opening (or reopening)
 * its payment page, closing it at the provider before the order changes or is cancelled, and what a
 * payment the provider verified does to the order: paid (once, for the exact total, by the order's
 * current session), or given back when it cannot become the order's payment.
 */
import { and, desc, eq, gt, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orders, refunds } from '../../db/schema/index.ts'
import { AppError } from '../../errors.ts'
import type { AppLogger } from '../../logger.ts'
import type { SessionState } from '../payments/provider.ts'
import type { OrdersContext } from './context.ts'
import { providerActor, systemActor } from './events.ts'
import { orderEmailJob } from './notifications.ts'
import { awaitsPayment, nextPaymentAttempt, orderTooLarge, paymentAmountCents, paymentSessionHours, type CreatedOrder } from './store.ts'
import { findOrder, returnedOrderView, type OrderRecord } from './views.ts'
import { transition, type ProviderEventRef, type TransitionRequest, type TransitionResult } from './transition.ts'
import { ordersPaid, paymentFailures } from '../../metrics.ts'
import { orderIdSchema } from '../../../core/identifiers.ts'
import { localizedUrl } from '../../../core/language-urls.ts'
import { messages } from '../../../core/messages.ts'
import { paymentReceived, type OrderState, type PaymentStatus, type UnusedPaymentReason } from '../../../core/order-flow.ts'
import { isPayableTotal } from '../../../core/totals.ts'
import { surchargeLabel } from '../../../core/equivalence-surcharge.ts'
import { formatRate } from '../../../core/money.ts'
import { translate } from '../../i18n.ts'
import { deliveryLineName } from '../delivery.ts'

/**
 * Where the shopper goes next: the payment page of a pending order (`paymentUrl`), or, for an order
 * that is no longer waiting for payment, nowhere to pay (`paymentUrl: null`) and the order's state.
 */
export interface PaymentStep {
  orderId: string
  orderNumber: string
  paymentUrl: string | null
  status: CreatedOrder['status']
  paymentStatus: CreatedOrder['paymentStatus']
}

const stepOf = (order: CreatedOrder, paymentUrl: string | null): PaymentStep => ({
  orderId: order.id,
  orderNumber: order.orderNumber,
  status: order.status,
  paymentStatus: order.paymentStatus,
  paymentUrl,
})

interface PaymentPageOptions {
  /** Where the provider's "back" goes: the checkout, /orders, or the payment link the shopper came from. */
  returnTo: '/checkout' | '/orders' | { url: string }
  log: AppLogger
}
type ChangeFirst = () => Promise<CreatedOrder | null>

/**
 * The payment page of a pending order: its open session when there is one, otherwise a new session
 * for the order's lines and total. With `change` (checkout found the cart or details changed), the
 * open session is closed at the provider first, so the page of the old contents cannot be paid once
 * the order says something else, and then `change` rewrites the order (null when it moved on
 * meanwhile: the caller looks again, and so does this answer, null). A session that was paid
 * meanwhile confirms the order instead, and the step says where it stands. `returnTo` is where the
 * provider's "cancel" sends the shopper back (the checkout, or /orders).
 */
export function openPayment(ctx: OrdersContext, order: CreatedOrder, opts: PaymentPageOptions): Promise<PaymentStep>
export function openPayment(
  ctx: OrdersContext,
  order: CreatedOrder,
  opts: PaymentPageOptions & { change: ChangeFirst | undefined },
): Promise<PaymentStep | null>
export async function openPayment(
  ctx: OrdersContext,
  order: CreatedOrder,
  opts: PaymentPageOptions & { change?: ChangeFirst | undefined },
): Promise<PaymentStep | null> {
  if (!awaitsPayment(order)) return stepOf(order, null)
  // Defensive: checkout makes no such order and the database refuses one; none is ever offered for payment.
  if (!isPayableTotal(order.totalCents)) throw orderTooLarge()
  const id = order.paymentSessionId
  const session = id ? await (opts.change ? ctx.payments.expireSession(id) : ctx.payments.retrieveSession(id)) : null
  if (session?.paid) {
    const state = await applyVerifiedSession(ctx, session, opts.log)
    if (state && !awaitsPayment(state)) return stepOf({ ...order, ...state }, null)
  } else if (!opts.change && session?.status === 'open' && session.url) {
    return stepOf(order, session.url)
  }
  const current = opts.change ? await opts.change() : order
  return current ? newPaymentSession(ctx, current, opts) : null
}

/** The recargo de equivalencia as a line of its own at the payment page, so the lines add up to the total. */
function surchargeLine(order: CreatedOrder) {
  if (order.surchargeCents === 0) return []
  const rate = formatRate(order.surchargeRateBasisPoints, order.language)
  return [{ name: translate(order.language, surchargeLabel, { rate }), quantity: 1, unitPriceCents: order.surchargeCents }]
}

/** The delivery as a line of its own at the payment page, when it costs something (pickup never does). */
function deliveryLine(order: CreatedOrder) {
  if (order.shippingCostCents === 0) return []
  return [{ name: deliveryLineName(order.language, order.deliveryZone), quantity: 1, unitPriceCents: order.shippingCostCents }]
}

/** Opens the next payment attempt's session at the provider and records it on the order. */
async function newPaymentSession(ctx: OrdersContext, order: CreatedOrder, opts: PaymentPageOptions) {
  const attempt = nextPaymentAttempt(order)
  try {
    const session = await ctx.payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.orderNumber,
      attempt,
      amountCents: paymentAmountCents(order.totalCents),
      currency: 'eur',
      customerEmail: order.customerEmail,
      language: order.language,
      lines: [...order.lines, ...deliveryLine(order), ...surchargeLine(order)],
      // Back in the order's language: English shoppers return to /en/… pages.
      successUrl: localizedUrl(ctx.publicUrl, `/payment-success?order_id=${order.id}&session_id={CHECKOUT_SESSION_ID}`, order.language),
      cancelUrl:
        typeof opts.returnTo === 'object'
          ? opts.returnTo.url
          : localizedUrl(ctx.publicUrl, opts.returnTo === '/checkout' ? '/checkout?cancelled=1' : '/orders', order.language),
    })
    await setPaymentSession(ctx.db, order.id, { id: session.id, attempt })
    return stepOf(order, session.url)
  } catch (error) {
    opts.log.error({ err: error, orderId: order.id }, 'payment session could not be created')
    throw new AppError('SERVICE_UNAVAILABLE', messages.orderFailed, { cause: error })
  }
}

/**
 * Records the session opened for a payment attempt, and when the order lapses (the session's end,
 * or the payment link's). A concurrent request that
 * opened the same attempt recorded the same session; a later attempt is never overwritten by an
 * earlier one.
 */
async function setPaymentSession(db: Database, orderId: string, session: { id: string; attempt: number; now?: Date }) {
  const opened = session.now ?? new Date()
  await db
    .update(orders)
    .set({
      paymentSessionId: session.id,
      paymentAttempts: session.attempt,
      // An order with a payment link stays payable until the link's end, whatever sessions open meanwhile.
      paymentExpiresAt: sql`coalesce(${orders.payableUntil}, ${new Date(opened.getTime() + paymentSessionHours * 3_600_000).toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), lte(orders.paymentAttempts, session.attempt), eq(orders.status, 'pending')))
}

/**
 * Closes the order's open payment session at the provider, before the order is cancelled. When the
 * shopper paid first, that payment is applied and wins: returns the order's state then (null: the
 * session is closed, nothing was paid).
 */
export async function closePaymentSession(ctx: OrdersContext, order: CreatedOrder, log: AppLogger): Promise<OrderState | null> {
  const session = order.paymentSessionId ? await ctx.payments.expireSession(order.paymentSessionId) : null
  if (!session?.paid) return null
  return (await applyVerifiedSession(ctx, session, log)) ?? order
}

/** Whether this session's payment is the order's already (paid, or since refunded by the shop). */
const paidBy = (order: { paymentSessionId: string | null; paymentStatus: PaymentStatus }, sessionId: string) =>
  order.paymentSessionId === sessionId && paymentReceived(order.paymentStatus)

/**
 * Applies what the provider verified about a session: paid, for the order's exact total, by the
 * order's current session while it is pending → the order is confirmed (once), the ordered panels
 * leave the cart and the customer is emailed. A verified payment that cannot become its order's
 * (the order was cancelled, changed, or paid by another session; the amount differs) is refunded
 * and logged (docs/product.md#checkout). Returns the order's state afterwards (null for an order
 * the shop does not know).
 */
export async function applyVerifiedSession(
  ctx: OrdersContext,
  session: SessionState,
  log: AppLogger,
  event?: ProviderEventRef,
): Promise<OrderState | null> {
  if (!session.paid) return null
  const orderId = session.orderId !== null && orderIdSchema.safeParse(session.orderId).success ? session.orderId : null
  const found = orderId ? await paymentSessionOf(ctx.db, orderId) : null
  if (!orderId || !found) {
    log.warn({ sessionId: session.id, orderId: session.orderId }, 'payment for an unknown order ignored')
    return null
  }
  let order: OrderPayment = found
  const exactAmount = session.amountCents === paymentAmountCents(order.totalCents) && session.currency === 'eur'
  if (!exactAmount) {
    log.error(
      {
        sessionId: session.id,
        orderId,
        amountCents: session.amountCents,
        currency: session.currency,
        expectedCents: paymentAmountCents(order.totalCents),
      },
      'payment amount or currency differs from the order: not marked paid',
    )
  }
  // Pay the order with it; when the order cannot take it (now, or once locked), give it back.
  let refused = false
  for (;;) {
    // This payment is the order's already (another delivery of it confirmed the order a moment ago).
    if (paidBy(order, session.id)) return order
    const pay: boolean = exactAmount && !refused && order.paymentSessionId === session.id
    const request: TransitionRequest<'pay' | 'refund_unused_payment'> | null = pay
      ? payRequest(orderId, session, event)
      : await giveBackUnusedPayment(ctx, { session, orderId, reason: unusedPaymentReason(order, exactAmount) }, log)
    if (!request) return order
    const done: TransitionResult = await transition(ctx, request)
    if (request.event === 'pay' && done.result === 'applied') {
      log.info({ orderId, sessionId: session.id, via: event ? event.type : 'confirm' }, 'order paid')
      ordersPaid.inc()
    }
    if (request.event !== 'pay' || done.result !== 'refused') return done.state
    refused = true
    order = { ...order, ...done.order }
  }
}

const payRequest = (orderId: string, session: SessionState, event: ProviderEventRef | undefined): TransitionRequest<'pay'> => ({
  orderId,
  event: 'pay',
  actor: providerActor,
  facts: { sessionId: session.id, amountCents: session.amountCents, currency: session.currency, providerEvent: event },
})

/** Why a verified payment is given back, as the log, the refund's row and the buyer's email say it. */
function unusedPaymentReason(order: { status: string; paymentStatus: PaymentStatus }, exactAmount: boolean): UnusedPaymentReason {
  if (!exactAmount) return 'amount differs'
  if (order.status === 'cancelled') return 'order cancelled'
  if (paymentReceived(order.paymentStatus)) return 'order paid by another payment'
  return 'order changed'
}

/**
 * Gives back a verified payment that did not become its order's, once per session: the row is taken
 * first so concurrent deliveries refund once (null: another one did); when the provider fails, the
 * row is let go and the error thrown (Stripe retries the webhook). Once the provider confirms, the
 * row is completed and the buyer's email queued in one transaction (their money moved, whatever the
 * order's state). Returns the transition that tells a cancelled order its payment went back.
 */
async function giveBackUnusedPayment(
  ctx: OrdersContext,
  opts: { session: SessionState; orderId: string; reason: UnusedPaymentReason },
  log: AppLogger,
): Promise<TransitionRequest<'refund_unused_payment'> | null> {
  const { session, orderId, reason } = opts
  const amountCents = session.amountCents !== null && session.amountCents > 0 ? session.amountCents : null
  const [taken] = await ctx.db
    .insert(refunds)
    .values({ orderId, kind: 'unused_payment', paymentSessionId: session.id, amountCents, reason })
    .onConflictDoNothing()
    .returning({ id: refunds.id })
  if (!taken) return null
  paymentFailures.inc({ reason })
  let refundId: string
  try {
    ;({ refundId } = await ctx.payments.refund({ sessionId: session.id, amountCents: null, key: `refund:${session.id}` }))
  } catch (error) {
    await ctx.db.delete(refunds).where(eq(refunds.id, taken.id))
    log.error({ err: error, orderId, sessionId: session.id, reason }, 'refund of a payment for a cancelled or replaced order failed')
    throw error
  }
  const job = await ctx.db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ providerRefundId: refundId, refundedAt: sql`now()` })
      .where(eq(refunds.id, taken.id))
    return ctx.jobs.enqueue(tx, orderEmailJob(orderId, { kind: 'payment_returned', sessionId: session.id, reason }))
  })
  if (job)
    await ctx.jobs
      .run([job])
      .catch((error: unknown) => log.error({ err: error, orderId }, 'the given-back payment’s email could not be sent now: left to the worker'))
  log.warn(
    { orderId, sessionId: session.id, refundId, amountCents: session.amountCents, reason },
    'payment for a cancelled or replaced order refunded',
  )
  return { orderId, event: 'refund_unused_payment', actor: systemActor, facts: { refundId, sessionId: session.id } }
}

type OrderPayment = NonNullable<Awaited<ReturnType<typeof paymentSessionOf>>>

/** An order's payment as the provider's answers are checked against it, and who bought it. */
export async function paymentSessionOf(db: Database, orderId: string) {
  const [row] = await db
    .select({
      status: orders.status,
      paymentSessionId: orders.paymentSessionId,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      userId: orders.userId,
      cartSessionId: orders.cartSessionId,
      payableUntil: orders.payableUntil,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
  return row ?? null
}

/** Who may learn an order's state on its return from the provider: its account, its anonymous cart, or whoever holds its payment session. */
export interface ReturningBuyer {
  userId: string | null
  cartSessionId: string | null
  sessionId?: string | undefined
}

/**
 * The shopper back from the payment page (/payment-success): the provider is asked whether the
 * order's session is paid, and that payment is applied as the webhook would. The order as that page
 * shows it; null for anyone but the buyer, or an order that does not exist.
 */
export async function confirmReturn(ctx: OrdersContext, orderId: string, buyer: ReturningBuyer, log: AppLogger) {
  const payment = await paymentSessionOf(ctx.db, orderId)
  const isBuyer =
    payment !== null &&
    ((buyer.userId !== null && payment.userId === buyer.userId) ||
      (payment.cartSessionId !== null && buyer.cartSessionId === payment.cartSessionId) ||
      (buyer.sessionId !== undefined && buyer.sessionId === payment.paymentSessionId))
  if (!payment || !isBuyer) return null
  if (payment.paymentStatus !== 'paid' && payment.paymentSessionId) await askProvider(ctx, orderId, payment.paymentSessionId, log)
  const order = await findOrder(ctx.db, orderId)
  return order ? returnedOrderView(order) : null
}

/**
 * Asks the provider about the order's payment session and applies a verified payment as the webhook
 * would (idempotent: a payment applied already changes nothing). Whether the session came back paid.
 */
async function askProvider(ctx: OrdersContext, orderId: string, sessionId: string, log: AppLogger): Promise<boolean> {
  const session = await ctx.payments.retrieveSession(sessionId)
  if (!session || session.orderId !== orderId) return false
  await applyVerifiedSession(ctx, session, log)
  return session.paid
}

/**
 * Bounds on asking the provider while an order is shown (docs/product.md#orders): at most `orders`
 * orders per request, and an answer waited for `waitMs` at most, so /orders stays quick whatever
 * the provider does.
 */
export const paymentCheckLimits = { orders: 3, waitMs: 2_000 }

/** An order as its buyer's pages show it: `confirmingPayment` while the provider has not said yet whether it is paid. */
export type CheckedOrder = OrderRecord & { confirmingPayment: boolean }

/**
 * The orders `read` gives, after asking the provider about those still waiting for payment with an
 * open session (newest first, `limits.orders` at most): one paid at the provider but never
 * confirmed (the shopper closed the tab on the way back, the webhook is late) is confirmed here,
 * as the return page and the webhook would, and shown paid, never with "Pay now". An order the
 * provider could not answer for in time (a failure, a timeout) is shown `confirmingPayment`; a
 * late answer is still applied when it comes. A failing provider never fails the page.
 */
export async function withPaymentsChecked(
  ctx: OrdersContext,
  read: () => Promise<OrderRecord[]>,
  log: AppLogger,
  limits = paymentCheckLimits,
): Promise<CheckedOrder[]> {
  const first = await read()
  const waiting = first.filter((order) => awaitsPayment(order)).map((order) => order.id)
  const open =
    waiting.length === 0
      ? []
      : await ctx.db
          .select({ id: orders.id, sessionId: orders.paymentSessionId })
          .from(orders)
          .where(
            and(
              inArray(orders.id, waiting),
              eq(orders.status, 'pending'),
              ne(orders.paymentStatus, 'paid'),
              isNotNull(orders.paymentSessionId),
              gt(orders.paymentExpiresAt, sql`now()`),
            ),
          )
          .orderBy(desc(orders.createdAt))
          .limit(limits.orders)
  const unconfirmed = new Set<string>()
  let paid = false
  if (open.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), limits.waitMs)
    })
    await Promise.all(
      open
        .flatMap(({ id, sessionId }) => (sessionId ? [{ id, sessionId }] : []))
        .map(async ({ id, sessionId }) => {
          const answer = askProvider(ctx, id, sessionId, log).then(
            (wasPaid) => (wasPaid ? ('paid' as const) : ('unpaid' as const)),
            (error: unknown) => {
              log.warn({ err: error, orderId: id }, 'the payment provider could not say whether a pending order is paid')
              return 'failed' as const
            },
          )
          const outcome = await Promise.race([answer, deadline])
          if (outcome === 'paid') paid = true
          else if (outcome !== 'unpaid') unconfirmed.add(id)
        }),
    )
    clearTimeout(timer)
  }
  const shown = paid ? await read() : first
  return shown.map((order) => ({ ...order, confirmingPayment: unconfirmed.has(order.id) && awaitsPayment(order) }))
}
