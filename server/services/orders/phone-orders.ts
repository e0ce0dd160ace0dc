/**
 * Orders the owner takes on the phone or WhatsApp (docs/product.md#phone-orders):
 * for the account that has the email (its role's prices, its recargo de equivalencia, its
 * wholesale invoice details) or a new email (retail), at an agreed price per panel where the owner
 * gives one, delivered (priced by the owner's rates for the address) or collected. Never through a
 * cart: the order is made directly, waits for payment for 7 days (`payable_until`), and the customer
 * is emailed a signed payment link (payment-links.ts). Once paid it is an ordinary order.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orderItems, orders, products, user } from '../../db/schema/index.ts'
import { AppError, hasPgCode, notFound } from '../../errors.ts'
import type { AppLogger } from '../../logger.ts'
import { billingDetails } from '../billing.ts'
import { deliveryOptionsFor } from '../delivery.ts'
import { buyerTaxRates, type ShopTaxRates } from '../equivalence-surcharge.ts'
import { onSale } from '../catalog.ts'
import { unitPriceCents } from '../pricing.ts'
import { resolveRole } from '../roles.ts'
import type { OrderCall, OrdersContext } from './context.ts'
import { recordOrderEvent } from './events.ts'
import { orderEmailJob } from './notifications.ts'
import { paymentLinkFor, readPaymentLinkToken } from './payment-links.ts'
import { openPayment } from './payments.ts'
import { deliveryColumns, loadCreatedOrder } from './checkout.ts'
import { awaitsPayment, newOrderNumber, orderTooLarge, type CreatedOrder } from './store.ts'
import { ordersCreated } from '../../metrics.ts'
import { storedAddress } from '../../../core/address.ts'
import { fullInvoiceRequired, simplifiedInvoiceLimitCents } from '../../../core/invoices.ts'
import type { Language } from '../../../core/language.ts'
import { messageEuros } from '../../../core/money.ts'
import { messages } from '../../../core/messages.ts'
import { orderFlow, paymentReceived } from '../../../core/order-flow.ts'
import { paymentLinkDays, type PhoneOrderInput, type PhoneOrderLine, type PhoneOrderPriceInput } from '../../../core/phone-orders.ts'
import type { Role } from '../../../core/roles.ts'
import { hasAddress } from '../../../core/shipping.ts'
import { checkedPhone } from '../../phones.ts'
import { checkAddressPostcode } from '../postcodes.ts'
import { isPayableTotal, lineTotalCents, orderAmounts } from '../../../core/totals.ts'

/** The account an email belongs to, and its role (a new email: none, retail prices). */
async function customerOf(db: Database, email: string): Promise<{ userId: string; name: string; role: Role } | null> {
  const normalized = email.trim().toLowerCase()
  if (!normalized) return null
  const [account] = await db
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(sql`lower(${user.email}) = ${normalized}`)
    .limit(1)
  if (!account) return null
  const role = await resolveRole(db, account.id)
  // An admin's own account buys at retail prices, as in the shop.
  return { userId: account.id, name: account.name, role: role === 'b2b' ? 'b2b' : 'customer' }
}

/** The lines at the customer's prices, or the agreed ones: products sold now, in the order given. */
async function pricedLines(db: Database, lines: readonly PhoneOrderLine[], role: Role | null, language: Language) {
  const ids = [...new Set(lines.map((line) => line.productId))]
  const found = await db
    .select({
      id: products.id,
      nameEs: products.nameEs,
      nameEn: products.nameEn,
      priceRetailCents: products.priceRetailCents,
      priceWholesaleCents: products.priceWholesaleCents,
      leadTimeDays: products.leadTimeDays,
    })
    .from(products)
    .where(and(inArray(products.id, ids), onSale))
  return lines.map((line) => {
    const product = found.find((candidate) => candidate.id === line.productId)
    if (!product) throw new AppError('BAD_REQUEST', messages.productUnavailable)
    const listPriceCents = unitPriceCents(role, product)
    const price = line.agreedPriceCents ?? listPriceCents
    return {
      productId: product.id,
      name: language === 'en' ? product.nameEn : product.nameEs,
      nameEs: product.nameEs,
      nameEn: product.nameEn,
      quantity: line.quantity,
      unitPriceCents: price,
      listPriceCents,
      subtotalCents: lineTotalCents({ quantity: line.quantity, unitPriceCents: price }),
      leadTimeDays: product.leadTimeDays,
    }
  })
}

/**
 * What the order would charge, for the customer the email names: each line, the delivery methods
 * that serve the postal code (the one asked for priced), the recargo and the total.
 * `admin.orders.price` shows it; `createPhoneOrder` charges exactly it.
 */
async function draftPhoneOrder(db: Database, input: PhoneOrderPriceInput, shop: ShopTaxRates) {
  const customer = await customerOf(db, input.email)
  const role = customer?.role ?? null
  const lines = await pricedLines(db, input.lines, role, input.language)
  const rates = await buyerTaxRates(db, { userId: customer?.userId ?? null, role }, shop)
  const deliveryOptions = await deliveryOptionsFor(db, lines, { postalCode: input.postalCode || null, role })
  const delivery = deliveryOptions.find((option) => option.method === input.delivery) ?? null
  return { customer, lines, rates, deliveryOptions, delivery, amounts: orderAmounts(lines, rates, delivery?.priceCents ?? 0) }
}

/** The price as the admin's page shows it (admin.orders.price). */
export async function phoneOrderPrice(db: Database, input: PhoneOrderPriceInput, shop: ShopTaxRates) {
  const draft = await draftPhoneOrder(db, input, shop)
  return {
    customer: { found: draft.customer !== null, name: draft.customer?.name ?? null, wholesale: draft.customer?.role === 'b2b' },
    lines: draft.lines.map(({ nameEs: _es, nameEn: _en, ...line }) => line),
    delivery: draft.delivery,
    deliveryOptions: draft.deliveryOptions,
    surchargeCents: draft.amounts.taxCents,
    surchargeRateBasisPoints: draft.rates.surchargeRateBasisPoints,
    totalCents: draft.amounts.totalCents,
  }
}

export interface CreatedPhoneOrder {
  id: string
  orderNumber: string
  paymentUrl: string
  payableUntil: string
}

/**
 * Creates the phone order and queues the customer's email with its payment link, in one
 * transaction: priced on the server as `draftPhoneOrder` says (the delivery method must serve the
 * address), refused when it could not be paid in one payment or needs a full invoice nobody named.
 * The same request key gives the same order (a double click).
 */
export async function createPhoneOrder(ctx: OrdersContext, input: PhoneOrderInput, call: OrderCall): Promise<CreatedPhoneOrder> {
  const existing = await byRequestKey(ctx, input.requestKey)
  if (existing) return existing
  const shipping = { ...input.shipping, phone: checkedPhone(input.shipping.phone) }
  if (hasAddress(shipping)) await checkAddressPostcode(shipping, input.addressConfirmed)
  const postalCode = hasAddress(shipping) ? shipping.postal_code : null
  const draft = await draftPhoneOrder(
    ctx.db,
    { language: input.language, delivery: input.delivery, email: shipping.email, postalCode, lines: input.lines },
    ctx.invoicing,
  )
  const { customer, lines, rates, delivery, amounts } = draft
  if (!delivery) throw new AppError('BAD_REQUEST', messages.deliveryMethodUnavailable)
  if (!isPayableTotal(amounts.totalCents)) throw orderTooLarge()
  const billing = customer?.role === 'b2b' ? (await billingDetails(ctx.db, { userId: customer.userId, role: 'b2b' })).wholesale : null
  if (!billing && fullInvoiceRequired(amounts.totalCents)) {
    throw new AppError('BAD_REQUEST', messages.fullInvoiceRequired, { values: { max: messageEuros(simplifiedInvoiceLimitCents) } })
  }
  const payableUntil = new Date(Date.now() + paymentLinkDays * 24 * 3_600_000)
  const created = orderFlow.create
  try {
    const order = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(orders)
        .values({
          userId: customer?.userId ?? null,
          orderNumber: newOrderNumber(),
          customerName: shipping.full_name,
          customerEmail: shipping.email,
          customerPhone: shipping.phone,
          shippingAddress: hasAddress(shipping) ? storedAddress(shipping) : null,
          billing,
          ...amounts,
          ...deliveryColumns(delivery),
          surchargeRateBasisPoints: rates.surchargeRateBasisPoints,
          status: created.to.status,
          paymentStatus: created.to.payment,
          language: input.language,
          checkoutKey: input.requestKey,
          payableUntil,
          paymentExpiresAt: payableUntil,
        })
        .returning({ id: orders.id, orderNumber: orders.orderNumber })
      if (!row) throw new Error('order insert returned nothing')
      await tx.insert(orderItems).values(
        lines.map((line, position) => ({
          orderId: row.id,
          position,
          productId: line.productId,
          productName: line.name,
          productNameEs: line.nameEs,
          productNameEn: line.nameEn,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          subtotalCents: line.subtotalCents,
        })),
      )
      await recordOrderEvent(tx, { orderId: row.id, type: created.records, actor: call.actor, details: { source: 'phone' } })
      const job = await ctx.jobs.enqueue(tx, orderEmailJob(row.id, { kind: 'payment_link', sendId: input.requestKey }))
      return { ...row, job }
    })
    ordersCreated.inc()
    if (order.job) {
      await ctx.jobs
        .run([order.job])
        .catch((error: unknown) =>
          call.log.error({ err: error, orderId: order.id }, 'the payment link’s email could not be sent now: left to the worker'),
        )
    }
    call.log.info({ orderId: order.id, totalCents: amounts.totalCents }, 'phone order created by an admin')
    return { id: order.id, orderNumber: order.orderNumber, ...paymentLinkFor(ctx, { id: order.id, language: input.language, until: payableUntil }) }
  } catch (error) {
    // The same request twice at once: the other one's order is the order.
    if (hasPgCode(error, '23505')) {
      const raced = await byRequestKey(ctx, input.requestKey)
      if (raced) return raced
    }
    throw error
  }
}

async function byRequestKey(ctx: OrdersContext, requestKey: string): Promise<CreatedPhoneOrder | null> {
  const [order] = await ctx.db
    .select({ id: orders.id, orderNumber: orders.orderNumber, language: orders.language, payableUntil: orders.payableUntil })
    .from(orders)
    .where(eq(orders.checkoutKey, requestKey))
    .limit(1)
  if (!order?.payableUntil) return null
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    ...paymentLinkFor(ctx, { id: order.id, language: order.language, until: order.payableUntil }),
  }
}

/** A pending order's payment link for the admin's page (and until when); null once it no longer waits for payment. */
export async function paymentLinkOf(ctx: OrdersContext, orderId: string) {
  const [order] = await ctx.db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      language: orders.language,
      payableUntil: orders.payableUntil,
      expires: orders.paymentExpiresAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) throw notFound(messages.orderNotFound)
  const until = order.payableUntil ?? order.expires
  if (!awaitsPayment(order) || !until) return null
  return paymentLinkFor(ctx, { id: order.id, language: order.language, until })
}

/** Emails the customer the order's payment link again (CONFLICT once it no longer waits for payment). */
export async function sendPaymentLinkAgain(ctx: OrdersContext, orderId: string, call: OrderCall): Promise<{ ok: true }> {
  if (!(await paymentLinkOf(ctx, orderId))) throw new AppError('CONFLICT', messages.paymentLinkClosed)
  const job = await ctx.db.transaction((tx) => ctx.jobs.enqueue(tx, orderEmailJob(orderId, { kind: 'payment_link', sendId: randomUUID() })))
  if (job)
    await ctx.jobs
      .run([job])
      .catch((error: unknown) => call.log.error({ err: error, orderId }, 'the payment link’s email could not be sent now: left to the worker'))
  return { ok: true }
}

/** Where a payment link takes its visitor (server/http/payment-link.ts). */
export type PaymentLinkVisit =
  | { to: 'provider'; url: string }
  | { to: 'paid'; orderId: string; sessionId: string | null; language: Language }
  | { to: 'closed'; language: Language }
  | { to: 'invalid' }

/**
 * A click on a payment link: a forged or unknown link is `invalid`; a paid order goes to its
 * confirmation; a cancelled or lapsed one is `closed`; otherwise the order's payment page at the
 * provider (its open session, or a fresh one), whose "back" returns to the link.
 */
export async function visitPaymentLink(
  ctx: OrdersContext,
  token: string,
  linkUrl: string,
  log: AppLogger,
  now = new Date(),
): Promise<PaymentLinkVisit> {
  const read = readPaymentLinkToken(ctx.paymentLinkKey, token)
  if (!read) return { to: 'invalid' }
  const order = await loadCreatedOrder(ctx.db, read.orderId)
  if (!order) return { to: 'invalid' }
  const paid = (state: { paymentStatus: CreatedOrder['paymentStatus']; paymentSessionId: string | null }): PaymentLinkVisit => ({
    to: 'paid',
    orderId: order.id,
    sessionId: state.paymentSessionId,
    language: order.language,
  })
  if (paymentReceived(order.paymentStatus)) return paid(order)
  if (!awaitsPayment(order) || read.expiresAt <= now) return { to: 'closed', language: order.language }
  const step = await openPayment(ctx, order, { returnTo: { url: linkUrl }, log })
  if (step.paymentUrl) return { to: 'provider', url: step.paymentUrl }
  const after = await loadCreatedOrder(ctx.db, order.id)
  return after && paymentReceived(after.paymentStatus) ? paid(after) : { to: 'closed', language: order.language }
}
