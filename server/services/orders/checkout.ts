/**
 * Checkout (docs/product.md#checkout): the order from the caller's cart, re-priced on the server,
 * then its payment page. The same checkout key gives the same order while it is pending (a double
 * submit, or the shopper back from the payment page): unchanged, its open payment session is offered
 * again; with a changed cart or details, the old session is closed at the provider first and the
 * order updated. An order that was paid or cancelled meanwhile is never offered for payment again.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orderItems, orders } from '../../db/schema/index.ts'
import { AppError, hasPgCode } from '../../errors.ts'
import { billingDetails } from '../billing.ts'
import { cartLines, type CartOwner } from '../cart.ts'
import type { Availability } from '../../../core/availability.ts'
import type { OrdersContext } from './context.ts'
import { customerActor, recordOrderEvent } from './events.ts'
import { openPayment, type PaymentStep } from './payments.ts'
import { awaitsPayment, deliveryReturned, newOrderNumber, orderTooLarge, type CreatedOrder, type OrderLine } from './store.ts'
import { ordersCreated } from '../../metrics.ts'
import { storedAddress, type PostalAddress } from '../../../core/address.ts'
import type { Billing } from '../../../core/billing.ts'
import { fullInvoiceRequired, simplifiedInvoiceLimitCents } from '../../../core/invoices.ts'
import type { Language } from '../../../core/language.ts'
import { messageEuros } from '../../../core/money.ts'
import { messages } from '../../../core/messages.ts'
import { orderFlow } from '../../../core/order-flow.ts'
import type { Role } from '../../../core/roles.ts'
import { hasAddress, type Contact, type Shipping } from '../../../core/shipping.ts'
import { checkedPhone } from '../../phones.ts'
import { checkAddressPostcode } from '../postcodes.ts'
import { isPayableTotal, lineTotalCents, orderAmounts, type PricedLine, type TaxRates } from '../../../core/totals.ts'
import type { DeliveryMethod, DeliveryOption } from '../../../core/delivery.ts'
import { deliveryOptionsFor } from '../delivery.ts'
import { buyerTaxRates, type ShopTaxRates } from '../equivalence-surcharge.ts'
import type { AppLogger } from '../../logger.ts'

export interface CreateOrderOptions {
  owner: CartOwner | null
  userId: string | null
  /** This browser's anonymous cart, also when signed in: a guest's pending order follows its buyer into their account. */
  browserCart: string | null
  role: Role | null
  /** The contact and, for home delivery (or a pickup with a full invoice), the address. */
  shipping: Shipping | Contact
  /** How the buyer wants the order delivered: the server prices it (never the client). */
  delivery: DeliveryMethod
  /** Who a full invoice is made out to, when the buyer asked for one (a wholesale customer's comes from their approval). */
  billing: Billing | null
  /** The shopper confirmed a postal code Spain's list lacks, or a town it does not give the code (server/services/postcodes.ts). */
  addressConfirmed?: boolean
  language: Language
  checkoutKey: string
}

/** What an order made from the cart now would hold: re-priced lines, the buyer's rates and the shipping details. */
interface OrderDraft {
  lines: Array<OrderLine & { productId: string; nameEs: string; nameEn: string }>
  /** The recargo de equivalencia's rate when the buyer is under it (0 otherwise): the order keeps it. */
  rates: TaxRates
  /** The delivery chosen, priced now from the owner's rates. */
  delivery: DeliveryOption
  customer: { customerName: string; customerEmail: string; customerPhone: string; shippingAddress: PostalAddress | null; billing: Billing | null }
  language: Language
}

/**
 * The caller's cart as an order: every line re-priced for the caller's current role (the client
 * sends no price or total); a price the shopper has not been shown yet refuses the order (CONFLICT)
 * instead of charging it.
 */
async function draftFromCart(db: Database, opts: CreateOrderOptions, shop: ShopTaxRates): Promise<OrderDraft> {
  if (!opts.owner) throw new AppError('BAD_REQUEST', messages.cartEmpty)
  // An archived product's line stays in the cart, marked unavailable, and out of the order.
  const cart = (await cartLines(db, opts.owner, opts.role)).filter((line) => line.available)
  if (cart.length === 0) throw new AppError('BAD_REQUEST', messages.cartEmpty)
  // Reading the cart (cart.get) shows the new price and records it; then the order may go on.
  if (cart.some((line) => line.unitPriceCents !== line.shownPriceCents)) throw new AppError('CONFLICT', messages.pricesChanged)
  // Before any row is written: an order the payment provider would refuse is never made.
  const rates = await buyerTaxRates(db, { userId: opts.userId, role: opts.role }, shop)
  const delivery = await pricedDelivery(db, opts, cart)
  const { totalCents } = orderAmounts(cart, rates, delivery.priceCents)
  if (!isPayableTotal(totalCents)) throw orderTooLarge()
  const billing = await billingFor(db, opts)
  if (!billing && fullInvoiceRequired(totalCents)) {
    throw new AppError('BAD_REQUEST', messages.fullInvoiceRequired, { values: { max: messageEuros(simplifiedInvoiceLimitCents) } })
  }
  // A full invoice names the buyer's address: a wholesale customer collecting at the showroom gives one too.
  if (billing && !hasAddress(opts.shipping)) throw new AppError('BAD_REQUEST', messages.billingAddressRequired)
  const shipping = { ...opts.shipping, phone: checkedPhone(opts.shipping.phone) }
  if (hasAddress(shipping)) await checkAddressPostcode(shipping, opts.addressConfirmed ?? false)
  return {
    lines: cart.map((line) => ({
      productId: line.productId,
      name: opts.language === 'en' ? line.nameEn : line.nameEs,
      nameEs: line.nameEs,
      nameEn: line.nameEn,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    rates,
    delivery,
    customer: {
      customerName: shipping.full_name,
      customerEmail: shipping.email,
      customerPhone: shipping.phone,
      shippingAddress: hasAddress(shipping) ? storedAddress(shipping) : null,
      billing,
    },
    language: opts.language,
  }
}

/**
 * The delivery the buyer chose, priced for this cart and address from the owner's rates
 * (core/delivery.ts): BAD_REQUEST when that method is not offered there (pickup turned off).
 */
async function pricedDelivery(db: Database, opts: CreateOrderOptions, cart: readonly (PricedLine & Availability)[]): Promise<DeliveryOption> {
  const offered = await deliveryOptionsFor(db, cart, { postalCode: hasAddress(opts.shipping) ? opts.shipping.postal_code : null, role: opts.role })
  const chosen = offered.find((option) => option.method === opts.delivery)
  if (!chosen) throw new AppError('BAD_REQUEST', messages.deliveryMethodUnavailable)
  return chosen
}

/** The order's columns for its delivery (phone orders write them alike). */
export const deliveryColumns = (delivery: DeliveryOption) => ({
  deliveryMethod: delivery.method,
  deliveryZone: delivery.method === 'home' ? delivery.zone : null,
  deliveryMinDays: delivery.minDays,
  deliveryMaxDays: delivery.maxDays,
})

/**
 * Who the order's full invoice is made out to (docs/product.md#invoices): a wholesale customer
 * always gets one, with the company and tax id they were approved with; anyone else when they gave
 * a tax id (null: a simplified invoice).
 */
async function billingFor(db: Database, opts: CreateOrderOptions): Promise<Billing | null> {
  if (opts.role !== 'b2b' || !opts.userId) return opts.billing
  const { wholesale } = await billingDetails(db, { userId: opts.userId, role: opts.role })
  return wholesale ?? opts.billing
}

function itemRows(orderId: string, draft: OrderDraft) {
  return draft.lines.map((line, position) => ({
    orderId,
    position,
    productId: line.productId,
    productName: line.name,
    productNameEs: line.nameEs,
    productNameEn: line.nameEn,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    subtotalCents: lineTotalCents(line),
  }))
}

/**
 * The order for this checkout: a new one from the caller's cart, or, for a checkout key the caller
 * used before (a double submit, or the shopper back from the payment page), that order. A pending
 * order whose cart or details changed since is returned with `changed`: the caller closes its
 * payment session and then calls `replaceOrderContents`.
 */
export async function orderForCheckout(
  db: Database,
  opts: CreateOrderOptions,
  shop: ShopTaxRates,
): Promise<{ order: CreatedOrder; draft: OrderDraft | null }> {
  const existing = await findByCheckoutKey(db, opts.checkoutKey, opts)
  if (existing) {
    if (!awaitsPayment(existing)) return { order: existing, draft: null }
    const draft = await draftFromCart(db, opts, shop)
    return { order: existing, draft: (await sameContents(db, existing.id, draft)) ? null : draft }
  }
  try {
    const order = await insertOrder(db, opts, shop)
    ordersCreated.inc()
    return { order, draft: null }
  } catch (error) {
    // The same checkout submitted twice at once: the other request's order is the order.
    if (hasPgCode(error, '23505')) {
      const raced = await findByCheckoutKey(db, opts.checkoutKey, opts)
      if (raced) return { order: raced, draft: null }
    }
    throw error
  }
}

/** The table's `create`: the order, its lines and its first timeline entry, in one transaction. */
function insertOrder(db: Database, opts: CreateOrderOptions, shop: ShopTaxRates): Promise<CreatedOrder> {
  const created = orderFlow.create
  return db.transaction(async (tx) => {
    const draft = await draftFromCart(tx, opts, shop)
    const amounts = orderAmounts(draft.lines, draft.rates, draft.delivery.priceCents)
    const [order] = await tx
      .insert(orders)
      .values({
        userId: opts.userId,
        orderNumber: newOrderNumber(),
        ...draft.customer,
        ...amounts,
        ...deliveryColumns(draft.delivery),
        surchargeRateBasisPoints: draft.rates.surchargeRateBasisPoints,
        status: created.to.status,
        paymentStatus: created.to.payment,
        language: opts.language,
        cartSessionId: opts.owner && 'sessionId' in opts.owner ? opts.owner.sessionId : null,
        checkoutKey: opts.checkoutKey,
      })
      .returning({
        id: orders.id,
        orderNumber: orders.orderNumber,
        totalCents: orders.totalCents,
        surchargeCents: orders.taxCents,
        surchargeRateBasisPoints: orders.surchargeRateBasisPoints,
        ...deliveryReturned,
      })
    if (!order) throw new Error('order insert returned nothing')
    await tx.insert(orderItems).values(itemRows(order.id, draft))
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: created.records,
      actor: await customerActor(tx, { userId: opts.userId, orderEmail: draft.customer.customerEmail }),
    })
    return {
      ...order,
      status: created.to.status,
      paymentStatus: created.to.payment,
      paymentSessionId: null,
      paymentAttempts: 0,
      customerEmail: draft.customer.customerEmail,
      language: opts.language,
      lines: draft.lines.map(({ productId, name, quantity, unitPriceCents }) => ({ productId, name, quantity, unitPriceCents })),
      created: true,
    }
  })
}

/** Whether the pending order already holds exactly this draft (lines, prices, details, language). */
async function sameContents(db: Database, orderId: string, draft: OrderDraft): Promise<boolean> {
  const [order] = await db
    .select({
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      shippingAddress: orders.shippingAddress,
      billing: orders.billing,
      language: orders.language,
      surchargeRateBasisPoints: orders.surchargeRateBasisPoints,
      ...deliveryReturned,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return false
  const items = await db
    .select({ productId: orderItems.productId, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
  const key = (line: { productId: string | null; quantity: number; unitPriceCents: number }) =>
    `${line.productId}:${line.quantity}:${line.unitPriceCents}`
  const had = items.map(key).sort()
  const wants = draft.lines.map(key).sort()
  const { shippingAddress, billing, surchargeRateBasisPoints, shippingCostCents, deliveryMethod, deliveryZone, ...customer } = order
  const delivery = deliveryColumns(draft.delivery)
  return (
    surchargeRateBasisPoints === draft.rates.surchargeRateBasisPoints &&
    shippingCostCents === draft.delivery.priceCents &&
    deliveryMethod === delivery.deliveryMethod &&
    deliveryZone === delivery.deliveryZone &&
    JSON.stringify(billingKey(billing)) === JSON.stringify(billingKey(draft.customer.billing)) &&
    had.join() === wants.join() &&
    order.language === draft.language &&
    JSON.stringify(customer) ===
      JSON.stringify({
        customerName: draft.customer.customerName,
        customerEmail: draft.customer.customerEmail,
        customerPhone: draft.customer.customerPhone,
        language: draft.language,
      }) &&
    JSON.stringify(addressKey(shippingAddress)) === JSON.stringify(addressKey(draft.customer.shippingAddress))
  )
}

// Field by field: jsonb gives its keys back in its own order.
const billingKey = (b: Billing | null) => (b ? [b.name, b.taxId, b.idType, b.country] : null)
const addressKey = (a: PostalAddress | null) => (a ? [a.line1, a.line2 ?? null, a.city, a.state ?? null, a.postal_code, a.country] : null)

/**
 * Puts a changed cart and details into a pending order whose payment session was closed first.
 * Changes nothing (null) when the order moved on meanwhile: paid, cancelled, or another session.
 */
export async function replaceOrderContents(db: Database, order: CreatedOrder, draft: OrderDraft): Promise<CreatedOrder | null> {
  return db.transaction(async (tx) => {
    const amounts = orderAmounts(draft.lines, draft.rates, draft.delivery.priceCents)
    const sameSession = order.paymentSessionId === null ? isNull(orders.paymentSessionId) : eq(orders.paymentSessionId, order.paymentSessionId)
    const [updated] = await tx
      .update(orders)
      .set({
        ...draft.customer,
        ...amounts,
        ...deliveryColumns(draft.delivery),
        surchargeRateBasisPoints: draft.rates.surchargeRateBasisPoints,
        language: draft.language,
        paymentSessionId: null,
        paymentExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending'), ne(orders.paymentStatus, 'paid'), sameSession))
      .returning({
        totalCents: orders.totalCents,
        surchargeCents: orders.taxCents,
        surchargeRateBasisPoints: orders.surchargeRateBasisPoints,
        ...deliveryReturned,
      })
    if (!updated) return null
    await tx.delete(orderItems).where(eq(orderItems.orderId, order.id))
    await tx.insert(orderItems).values(itemRows(order.id, draft))
    return {
      ...order,
      ...updated,
      paymentSessionId: null,
      customerEmail: draft.customer.customerEmail,
      language: draft.language,
      lines: draft.lines.map(({ productId, name, quantity, unitPriceCents }) => ({ productId, name, quantity, unitPriceCents })),
    }
  })
}

/**
 * The order a checkout key made, for the caller that made it: the same account, or for a guest the
 * same anonymous cart (a guest who signed in meanwhile takes their pending order along). Anyone
 * else replaying the key learns nothing of it (PRECONDITION_FAILED).
 */
async function findByCheckoutKey(
  db: Database,
  checkoutKey: string,
  caller: Pick<CreateOrderOptions, 'userId' | 'owner' | 'browserCart'>,
): Promise<CreatedOrder | null> {
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, cartSessionId: orders.cartSessionId, status: orders.status })
    .from(orders)
    .where(eq(orders.checkoutKey, checkoutKey))
    .limit(1)
  if (!order) return null
  const cartSessionId = caller.owner && 'sessionId' in caller.owner ? caller.owner.sessionId : null
  const sameCaller = caller.userId !== null ? order.userId === caller.userId : order.userId === null && order.cartSessionId === cartSessionId
  const guestNowSignedIn =
    caller.userId !== null &&
    order.userId === null &&
    order.status === 'pending' &&
    caller.browserCart !== null &&
    order.cartSessionId === caller.browserCart
  if (guestNowSignedIn) {
    await db
      .update(orders)
      .set({ userId: caller.userId, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), isNull(orders.userId)))
  } else if (!sameCaller || (caller.userId === null && cartSessionId === null)) {
    // PRECONDITION_FAILED, not CONFLICT: the checkout page then starts a new key by itself (someone
    // signed out or in on this tab since the key was made).
    throw new AppError('PRECONDITION_FAILED', messages.checkoutAlreadyUsed)
  }
  return loadCreatedOrder(db, order.id)
}

/** An order as checkout and payment need it: its state, its payment session and its lines. */
export async function loadCreatedOrder(db: Database, orderId: string): Promise<CreatedOrder | null> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalCents: orders.totalCents,
      surchargeCents: orders.taxCents,
      surchargeRateBasisPoints: orders.surchargeRateBasisPoints,
      ...deliveryReturned,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentSessionId: orders.paymentSessionId,
      paymentAttempts: orders.paymentAttempts,
      customerEmail: orders.customerEmail,
      language: orders.language,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1)
  if (!order) return null
  const lines = await db
    .select({
      productId: orderItems.productId,
      name: orderItems.productName,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id))
  return { ...order, lines, created: false }
}

export interface StartCheckoutOptions extends CreateOrderOptions {
  log: AppLogger
}

/**
 * The order for this checkout, then where the shopper pays it (or, no longer payable, where it
 * stands). A changed cart or details rewrite the pending order once its old payment page is closed;
 * when a concurrent request moved the order on meanwhile, it looks again, and after two such rounds
 * offers the order as it stands.
 */
export async function startCheckout(ctx: OrdersContext, opts: StartCheckoutOptions): Promise<PaymentStep> {
  for (let round = 0; ; round++) {
    const { order, draft } = await orderForCheckout(ctx.db, opts, ctx.invoicing)
    const change = draft && round < 2 ? () => replaceOrderContents(ctx.db, order, draft) : undefined
    const step = await openPayment(ctx, order, { returnTo: '/checkout', log: opts.log, change })
    if (step) return step
  }
}
