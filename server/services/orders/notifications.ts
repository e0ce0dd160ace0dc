/**
 * What the customer is told when their order moves (docs/product.md#fulfilment): the confirmation
 * with its invoice, shipped, delivered, cancelled by the shop, refunded with the corrective invoice,
 * and a payment given back because it could not become the order's; and the shop's own alert of a
 * paid order.
 * A transition queues its email as a job in its own transaction (transition.ts); the job renders it
 * in the order's language, draws the invoice's PDF and hands it to the email outbox under the job's
 * key, so a job run twice (a crash after the hand-over) queues the email once.
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { orderItems, orders, shipments } from '../../db/schema/index.ts'
import { renderOrderAlert } from '../../emails/order-alert.ts'
import { renderOrderUpdate, type OrderUpdate } from '../../emails/order-updates.ts'
import { renderPaymentLink } from '../../emails/payment-link.ts'
import { renderWithdrawalAlert, renderWithdrawalReceipt, type WithdrawalEmailData } from '../../emails/withdrawal.ts'
import { invoicePdf } from '../invoice-pdf/index.ts'
import type { JobHandler, JobSpec } from '../jobs.ts'
import type { OrdersContext } from './context.ts'
import { orderPageFor } from './order-links.ts'
import { paymentLinkFor } from './payment-links.ts'
import { awaitsPayment } from './store.ts'
import { findOrder } from './views.ts'
import { withdrawalLinkFor, withdrawalOf } from './withdrawals.ts'
import { canWithdraw, withdrawalLastMoment } from '../../../core/withdrawal.ts'
import { invoiceFileName } from '../../../core/invoices.ts'
import { localizedUrl } from '../../../core/language-urls.ts'
import { addressLines } from '../../../core/address.ts'
import { i18nOf } from '../../i18n.ts'
import { unusedPaymentReasons } from '../../../core/order-flow.ts'
import { knownCarriers, trackingLink } from '../../../core/carriers.ts'
import { shipmentParts } from '../../../core/shipment.ts'
import type { Language } from '../../../core/language.ts'

const orderEmailSchema = z.discriminatedUnion('kind', [
  /** The invoice the payment issued, attached (guests have no other way to get it). */
  z.object({ kind: z.literal('confirmation'), invoice: z.string().nullable() }),
  /** One per shipment (`shipmentId`; jobs queued before shipments came in parts have none: one per order then). */
  z.object({
    kind: z.literal('shipped'),
    shipmentId: z.uuid().optional(),
    carrier: z.string().nullable(),
    carrierCode: z.enum(knownCarriers).nullable().default(null),
    tracking: z.string().nullable(),
    /** Some of the panels, the rest after earlier shipments, or all at once. */
    part: z.enum(shipmentParts).default('all'),
  }),
  z.object({ kind: z.literal('delivered') }),
  z.object({ kind: z.literal('cancelled'), wholesaleEnded: z.boolean().optional() }),
  /** One per refund (`refundId`; jobs queued before partial refunds have none: one per order then). */
  z.object({ kind: z.literal('refunded'), refundId: z.uuid().optional(), amountCents: z.number().int(), correctiveInvoice: z.string().nullable() }),
  /** The full invoice (F3) that replaced the simplified one, attached. */
  z.object({ kind: z.literal('invoice_replaced'), invoice: z.string(), replaced: z.string() }),
  /** The invoices issued when an admin resumed invoicing (docs/decisions/030), attached. */
  z
    .object({
      kind: z.literal('late_invoices'),
      invoice: z.string().nullable(),
      correctives: z.array(z.string()).default([]),
      // Jobs queued before refunds came in parts name one.
      corrective: z.string().nullable().optional(),
    })
    .transform(({ corrective, ...email }) => ({ ...email, correctives: corrective ? [...email.correctives, corrective] : email.correctives })),
  /** The admin fixed the contact or address (docs/product.md#fulfilment): told at `to`, the new email and, when it changed, the old. */
  z.object({ kind: z.literal('details_changed'), changeId: z.uuid(), to: z.string() }),
  /** The shop's own alert of a paid order, to ORDER_NOTIFY_EMAILS. */
  z.object({ kind: z.literal('shop_alert') }),
  /** A phone order's payment link (docs/product.md#phone-orders): one per sending (`sendId`), the first with the order. */
  z.object({ kind: z.literal('payment_link'), sendId: z.uuid() }),
  /** One per given-back payment session (an order may have been paid from two old pages). */
  z.object({ kind: z.literal('payment_returned'), sessionId: z.string(), reason: z.enum(unusedPaymentReasons) }),
  /** The buyer's withdrawal (docs/product.md#withdrawal): the acknowledgment to the buyer, the alert to the shop; once per order each. */
  z.object({ kind: z.literal('withdrawal_received') }),
  z.object({ kind: z.literal('withdrawal_alert') }),
])
export type OrderEmail = z.infer<typeof orderEmailSchema>

const orderEmailJobSchema = z.object({ orderId: z.uuid(), email: orderEmailSchema })

/** One confirmation per order, however many deliveries or instances ask for it (docs/decisions/019). */
export const orderConfirmationKey = (orderId: string) => `order-confirmation:${orderId}`

/** The job's key, which the email outbox also dedupes on: each of an order's emails goes once. */
const emailKey = (orderId: string, email: OrderEmail) =>
  email.kind === 'confirmation'
    ? orderConfirmationKey(orderId)
    : email.kind === 'payment_returned'
      ? `order-payment-returned:${email.sessionId}`
      : email.kind === 'details_changed'
        ? `order-details-changed:${email.changeId}:${email.to}`
        : email.kind === 'payment_link'
          ? `order-payment-link:${orderId}:${email.sendId}`
          : email.kind === 'refunded' && email.refundId
            ? `order-refunded:${orderId}:${email.refundId}`
            : email.kind === 'shipped' && email.shipmentId
              ? `order-shipped:${orderId}:${email.shipmentId}`
              : email.kind === 'late_invoices'
                ? `order-late_invoices:${orderId}:${[email.invoice, ...email.correctives].filter(Boolean).join(',')}`
                : `order-${email.kind}:${orderId}`

export const orderEmailJobKind = 'order-email'

export function orderEmailJob(orderId: string, email: OrderEmail): JobSpec {
  return { kind: orderEmailJobKind, key: emailKey(orderId, email), payload: { orderId, email } }
}

/** Runs an order's email job: throws (the job is tried again later) when the email could not be queued. */
export function orderEmailHandler(ctx: OrdersContext): JobHandler {
  return async (payload) => {
    const { orderId, email } = orderEmailJobSchema.parse(payload)
    if (email.kind === 'confirmation') await sendConfirmation(ctx, orderId, email.invoice)
    else if (email.kind === 'shop_alert') await sendShopAlert(ctx, orderId)
    else if (email.kind === 'payment_link') await sendPaymentLink(ctx, orderId, email)
    else if (email.kind === 'withdrawal_received' || email.kind === 'withdrawal_alert') await sendWithdrawal(ctx, orderId, email.kind)
    else await sendUpdate(ctx, orderId, email)
  }
}

/** The order confirmation in the order's language, its invoice attached. */
async function sendConfirmation(ctx: OrdersContext, orderId: string, invoiceNumber: string | null) {
  const order = await findOrder(ctx.db, orderId)
  if (!order) return
  const pdf = invoiceNumber ? await invoiceFile(ctx, orderId, invoiceNumber, order.language) : null
  const invoice =
    invoiceNumber && pdf ? { number: invoiceNumber, ordersUrl: order.userId ? localizedUrl(ctx.publicUrl, '/orders', order.language) : null } : null
  const email = ctx.renderOrderConfirmation({ ...order, invoice, withdrawalUrl: withdrawalLinkFor(ctx, order), orderPage: orderPageFor(ctx, order) })
  await ctx.mailer.send({
    to: order.customerEmail,
    subject: email.subject,
    html: email.html,
    text: email.text,
    kind: 'order-confirmation',
    dedupeKey: orderConfirmationKey(order.id),
    ...(pdf ? { attachments: [pdf] } : {}),
  })
}

/** To the shop (ORDER_NOTIFY_EMAILS), in Spanish: a paid order to prepare, with a link to its admin page; Reply-To the buyer. */
async function sendShopAlert(ctx: OrdersContext, orderId: string) {
  const order = await findOrder(ctx.db, orderId)
  if (!order) return
  const adminUrl = new URL(`/admin/orders/${order.id}`, ctx.publicUrl).href
  const email = renderOrderAlert({ ...order, adminUrl }, ctx.company)
  await ctx.mailer.send({
    to: ctx.notifyEmails.join(', '),
    ...email,
    replyTo: { name: order.customerName, address: order.customerEmail },
    kind: 'order-shop-alert',
    dedupeKey: emailKey(orderId, { kind: 'shop_alert' }),
  })
}

/**
 * A phone order's payment link, to the customer in the order's language: what was agreed and the
 * signed link. Only while the order waits for payment (a link sent again after it was paid is not).
 */
async function sendPaymentLink(ctx: OrdersContext, orderId: string, email: Extract<OrderEmail, { kind: 'payment_link' }>) {
  const order = await findOrder(ctx.db, orderId)
  const [row] = await ctx.db
    .select({ payableUntil: orders.payableUntil, expires: orders.paymentExpiresAt })
    .from(orders)
    .where(eq(orders.id, orderId))
  const until = row?.payableUntil ?? row?.expires
  if (!order || !until || !awaitsPayment(order)) return
  const link = paymentLinkFor(ctx, { id: order.id, language: order.language, until })
  const rendered = renderPaymentLink(
    {
      ...order,
      lines: order.items.map((item) => ({
        name: order.language === 'en' ? item.nameEn : item.nameEs,
        quantity: item.quantity,
        subtotalCents: item.subtotalCents,
      })),
      surchargeCents: order.taxCents,
      paymentUrl: link.paymentUrl,
      payableUntil: until,
    },
    ctx.company,
  )
  await ctx.mailer.send({ to: order.customerEmail, ...rendered, kind: 'order-payment-link', dedupeKey: emailKey(orderId, email) })
}

/**
 * A withdrawal's acknowledgment (to the address in the statement, and to the order's when it differs,
 * in the order's language) or the shop's alert (ORDER_NOTIFY_EMAILS, in Spanish, Reply-To the buyer).
 */
async function sendWithdrawal(ctx: OrdersContext, orderId: string, kind: 'withdrawal_received' | 'withdrawal_alert') {
  const [order, withdrawal] = await Promise.all([findOrder(ctx.db, orderId), withdrawalOf(ctx.db, orderId)])
  if (!order || !withdrawal) return
  const data = (language: Language): WithdrawalEmailData => ({
    orderNumber: order.orderNumber,
    language,
    lines: order.items.map((item) => ({
      name: language === 'en' ? item.nameEn : item.nameEs,
      quantity: item.quantity,
      subtotalCents: item.subtotalCents,
    })),
    totalCents: order.totalCents,
    withdrawal: { ...withdrawal, receivedAt: withdrawal.createdAt },
  })
  const dedupeKey = emailKey(orderId, { kind })
  if (kind === 'withdrawal_alert') {
    const adminUrl = new URL(`/admin/orders/${order.id}`, ctx.publicUrl).href
    const email = renderWithdrawalAlert({ ...data('es'), adminUrl }, ctx.company)
    await ctx.mailer.send({
      to: ctx.notifyEmails.join(', '),
      ...email,
      replyTo: { name: withdrawal.name, address: withdrawal.email },
      kind: 'order-withdrawal-alert',
      dedupeKey,
    })
    return
  }
  const returnsUrl = localizedUrl(ctx.publicUrl, '/returns', order.language)
  const email = renderWithdrawalReceipt({ ...data(order.language), returnsUrl }, ctx.company)
  const to = [...new Set([withdrawal.email, order.customerEmail].map((address) => address.trim()))]
  await ctx.mailer.send({ to: to.join(', '), ...email, kind: 'order-withdrawal-received', dedupeKey })
}

/** What just happened to the order; a refund's email carries the corrective invoice's PDF when it can be drawn. */
async function sendUpdate(
  ctx: OrdersContext,
  orderId: string,
  email: Exclude<OrderEmail, { kind: 'confirmation' | 'shop_alert' | 'payment_link' | 'withdrawal_received' | 'withdrawal_alert' }>,
) {
  const [order] = await ctx.db
    .select({
      orderNumber: orders.orderNumber,
      customerName: orders.customerName,
      email: orders.customerEmail,
      phone: orders.customerPhone,
      address: orders.shippingAddress,
      deliveryMethod: orders.deliveryMethod,
      language: orders.language,
      userId: orders.userId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!order) return
  const attached = attachedInvoices(email)
  const pdfs = (await Promise.all(attached.map((number) => invoiceFile(ctx, orderId, number, order.language)))).filter((pdf) => pdf !== null)
  const invoiceAttached = attached.length > 0 && pdfs.length === attached.length
  const update: OrderUpdate =
    email.kind === 'refunded' || email.kind === 'invoice_replaced' || email.kind === 'late_invoices'
      ? { ...email, invoiceAttached }
      : email.kind === 'payment_returned'
        ? { kind: 'payment_returned', reason: email.reason }
        : email.kind === 'shipped'
          ? await shippedUpdate(ctx, email, order.language)
          : email.kind === 'details_changed'
            ? {
                kind: 'details_changed',
                name: order.customerName,
                email: order.email,
                phone: order.phone,
                address: order.deliveryMethod === 'home' && order.address ? addressLines(i18nOf(order.language), order.address).join(', ') : null,
              }
            : email.kind === 'delivered'
              ? await deliveredUpdate(ctx, orderId)
              : email
  const ordersUrl = localizedUrl(ctx.publicUrl, '/orders', order.language)
  // A guest's order is followed through its own signed link: "My orders" would ask them to sign in.
  const page = orderPageFor(ctx, { id: orderId, userId: order.userId, language: order.language })
  const rendered = renderOrderUpdate({ ...order, ordersUrl, ...(page.guest ? { orderLink: page.url } : {}) }, update, ctx.company)
  await ctx.mailer.send({
    to: email.kind === 'details_changed' ? email.to : order.email,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    kind: `order-${email.kind}`,
    dedupeKey: emailKey(orderId, email),
    ...(pdfs.length > 0 ? { attachments: pdfs } : {}),
  })
}

/** The delivered email: the order's withdrawal link and its last day, while one may withdraw (docs/product.md#withdrawal). */
async function deliveredUpdate(ctx: OrdersContext, orderId: string): Promise<OrderUpdate> {
  const [order] = await ctx.db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus, deliveredAt: orders.deliveredAt, language: orders.language })
    .from(orders)
    .where(eq(orders.id, orderId))
  const until = order ? withdrawalLastMoment(order.deliveredAt) : null
  if (!order || !until || !canWithdraw(order, new Date())) return { kind: 'delivered' }
  return { kind: 'delivered', withdrawal: { url: withdrawalLinkFor(ctx, { id: orderId, language: order.language }), until: until.toISOString() } }
}

/** A shipment's email: its panels (for a shipment in parts) and the carrier's tracking link. */
async function shippedUpdate(ctx: OrdersContext, email: Extract<OrderEmail, { kind: 'shipped' }>, language: Language): Promise<OrderUpdate> {
  const { carrier, tracking, part } = email
  const link = trackingLink({ carrierCode: email.carrierCode, tracking }, language)
  const base = { kind: 'shipped' as const, carrier, tracking, part, trackingUrl: link?.url ?? null, trackingPortal: link?.portal ?? false }
  if (!email.shipmentId || part === 'all') return { ...base, lines: [] }
  const [shipment] = await ctx.db
    .select({ orderId: shipments.orderId, lines: shipments.lines })
    .from(shipments)
    .where(eq(shipments.id, email.shipmentId))
  if (!shipment) return { ...base, lines: [] }
  const names = await ctx.db
    .select({ id: orderItems.id, nameEs: orderItems.productNameEs, nameEn: orderItems.productNameEn, name: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, shipment.orderId))
  const lines = shipment.lines.map((line) => {
    const item = names.find((candidate) => candidate.id === line.itemId)
    return { name: (language === 'en' ? item?.nameEn : item?.nameEs) ?? item?.name ?? '', quantity: line.quantity }
  })
  return { ...base, lines }
}

/** The invoices an update carries as PDFs. */
function attachedInvoices(
  email: Exclude<OrderEmail, { kind: 'confirmation' | 'shop_alert' | 'payment_link' | 'withdrawal_received' | 'withdrawal_alert' }>,
): string[] {
  if (email.kind === 'refunded') return email.correctiveInvoice ? [email.correctiveInvoice] : []
  if (email.kind === 'invoice_replaced') return [email.invoice]
  if (email.kind === 'late_invoices') return [...(email.invoice ? [email.invoice] : []), ...email.correctives]
  return []
}

/** An invoice's PDF as an attachment; when it cannot be drawn, the email goes without it (logged). */
async function invoiceFile(ctx: OrdersContext, orderId: string, number: string, language: 'es' | 'en') {
  try {
    const content = await invoicePdf(ctx.db, number)
    return content ? { filename: invoiceFileName(number, language), content, contentType: 'application/pdf' } : null
  } catch (error) {
    ctx.log.error({ err: error, orderId, invoice: number }, 'invoice PDF failed: the email goes without it')
    return null
  }
}
