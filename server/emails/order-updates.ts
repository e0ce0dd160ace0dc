import { escapeHtml } from './html.ts'
import { displayPhone } from '../phones.ts'
import { emailDocument, escaped, translator } from './layout.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import { formatEuros } from '../../core/money.ts'
import { palette } from '../../core/palette.ts'
import type { UnusedPaymentReason } from '../../core/order-flow.ts'
import type { ShipmentPart } from '../../core/shipment.ts'

// What the customer is told when the shop moves their order on (docs/product.md#fulfilment):
// shipped, delivered, cancelled by the shop, refunded, a payment given back, details fixed before shipping. Ids and English sources here, Spanish in the
// catalogs.
const text = {
  greeting: /*i18n*/ { id: 'email.order_update.greeting', message: 'Hello {name},' },
  shippedSubject: /*i18n*/ { id: 'email.order_update.shipped.subject', message: 'Your order {number} is on its way' },
  shippedBody: /*i18n*/ { id: 'email.order_update.shipped.body', message: 'We have shipped your order {number}.' },
  shippedSome: /*i18n*/ {
    id: 'email.order_update.shipped.some',
    message: 'We have shipped part of your order {number}. The rest will follow: we will email you when it leaves.',
  },
  shippedRest: /*i18n*/ { id: 'email.order_update.shipped.rest', message: 'We have shipped the rest of your order {number}.' },
  shippedSomeSubject: /*i18n*/ { id: 'email.order_update.shipped.some_subject', message: 'Part of your order {number} is on its way' },
  shipmentCarries: /*i18n*/ { id: 'email.order_update.shipped.carries', message: 'This shipment carries:' },
  shipmentLine: /*i18n*/ { id: 'email.order_update.shipped.line', message: '{quantity} × {name}' },
  trackAction: /*i18n*/ { id: 'email.order_update.shipped.track_action', message: 'Track the shipment' },
  trackOnPortal: /*i18n*/ {
    id: 'email.order_update.shipped.track_portal',
    message: 'On {carrier}’s tracking page, enter the tracking number {tracking}.',
  },
  carrier: /*i18n*/ { id: 'email.order_update.shipped.carrier', message: 'Carrier: {carrier}' },
  tracking: /*i18n*/ { id: 'email.order_update.shipped.tracking', message: 'Tracking number: {tracking}' },
  deliveredSubject: /*i18n*/ { id: 'email.order_update.delivered.subject', message: 'Your order {number} has been delivered' },
  deliveredBody: /*i18n*/ {
    id: 'email.order_update.delivered.body',
    message: 'Your order {number} has been delivered. Thank you for shopping with us; if anything is not right, reply to this email.',
  },
  deliveredWithdrawal: /*i18n*/ {
    id: 'email.order_update.delivered.withdrawal',
    message: 'You may withdraw from the contract without giving a reason until {date}, online from this link: {link}',
  },
  cancelledSubject: /*i18n*/ { id: 'email.order_update.cancelled.subject', message: 'Your order {number} has been cancelled' },
  cancelledBody: /*i18n*/ {
    id: 'email.order_update.cancelled.body',
    message: 'We have cancelled your order {number}, which was waiting for payment. Nothing has been charged.',
  },
  wholesaleEnded: /*i18n*/ {
    id: 'email.order_update.cancelled.wholesale_ended',
    message: 'It was at wholesale prices, and your wholesale access has ended. You can still buy at retail prices in the shop.',
  },
  refundedSubject: /*i18n*/ { id: 'email.order_update.refunded.subject', message: 'Refund of your order {number}' },
  refundedBody: /*i18n*/ {
    id: 'email.order_update.refunded.body',
    message: 'We have refunded {amount} for your order {number} to the payment method you used. Your bank may take a few days to show it.',
  },
  paymentReturnedSubject: /*i18n*/ { id: 'email.order_update.payment_returned.subject', message: 'We have refunded your payment for order {number}' },
  paymentReturnedCancelled: /*i18n*/ {
    id: 'email.order_update.payment_returned.cancelled',
    message:
      'Your payment for order {number} reached us after the order had been cancelled, so we have refunded it in full to the payment method you used. Your bank may take a few days to show it.',
  },
  paymentReturnedTwice: /*i18n*/ {
    id: 'email.order_update.payment_returned.twice',
    message:
      'Your order {number} had already been paid, so we have refunded in full the second payment we received for it, to the payment method you used. Your bank may take a few days to show it.',
  },
  paymentReturnedChanged: /*i18n*/ {
    id: 'email.order_update.payment_returned.changed',
    message:
      'We received a payment for order {number} from a payment page that was no longer valid (the order had changed since it was opened), so we have refunded it in full to the payment method you used. Your bank may take a few days to show it. If you still want the order, you can pay it from My orders.',
  },
  invoiceReplacedSubject: /*i18n*/ { id: 'email.order_update.invoice_replaced.subject', message: 'Your full invoice for order {number}' },
  invoiceReplacedBody: /*i18n*/ {
    id: 'email.order_update.invoice_replaced.body',
    message: 'As you asked, we have issued the full invoice {invoice} for your order {number}. It replaces the simplified invoice {replaced}.',
  },
  invoiceAttached: /*i18n*/ { id: 'email.order_update.invoice_replaced.attached', message: 'The invoice is attached as a PDF.' },
  invoiceInOrders: /*i18n*/ { id: 'email.order_update.invoice_replaced.in_orders', message: 'You can download it from My orders.' },
  correctiveAttached: /*i18n*/ { id: 'email.order_update.refunded.invoice_attached', message: 'The corrective invoice {invoice} is attached.' },
  correctiveInOrders: /*i18n*/ {
    id: 'email.order_update.refunded.invoice_in_orders',
    message: 'You can download the corrective invoice {invoice} from My orders.',
  },
  lateSubject: /*i18n*/ { id: 'email.order_update.late_invoices.subject', message: 'The invoices for your order {number}' },
  lateInvoice: /*i18n*/ {
    id: 'email.order_update.late_invoices.invoice',
    message: 'We have issued the invoice {invoice} for your order {number}: we could not issue it when you paid. We apologise for the delay.',
  },
  lateCorrective: /*i18n*/ {
    id: 'email.order_update.late_invoices.corrective',
    message: 'We have also issued the corrective invoice {invoice} for the refund of your order {number}.',
  },
  lateCorrectiveOnly: /*i18n*/ {
    id: 'email.order_update.late_invoices.corrective_only',
    message:
      'We have issued the corrective invoice {invoice} for the refund of your order {number}: we could not issue it when we refunded you. We apologise for the delay.',
  },
  lateAttached: /*i18n*/ { id: 'email.order_update.late_invoices.attached', message: 'They are attached as PDF files.' },
  lateInOrders: /*i18n*/ { id: 'email.order_update.late_invoices.in_orders', message: 'You can download them from My orders.' },
  detailsSubject: /*i18n*/ { id: 'email.order_update.details_changed.subject', message: 'We have updated the details of your order {number}' },
  detailsBody: /*i18n*/ {
    id: 'email.order_update.details_changed.body',
    message: 'We have updated the contact and delivery details of your order {number}. They are now:',
  },
  detailsContact: /*i18n*/ { id: 'email.order_update.details_changed.contact', message: 'Contact: {name}, {email}, {phone}' },
  detailsAddress: /*i18n*/ { id: 'email.order_update.details_changed.address', message: 'Delivery address: {address}' },
  detailsNotYou: /*i18n*/ {
    id: 'email.order_update.details_changed.not_you',
    message: 'If you did not ask for this change, reply to this email before your order ships.',
  },
  ordersAction: /*i18n*/ { id: 'email.order_update.orders_action', message: 'See my orders' },
  orderAction: /*i18n*/ { id: 'email.order_update.order_action', message: 'See your order' },
  alsoFollow: /*i18n*/ { id: 'email.order_update.also_follow', message: 'You can also follow your order here: {link}' },
  questions: /*i18n*/ { id: 'email.order_update.questions', message: 'For any question, reply to this email or call us at {phone}.' },
}

/** What happened to the order, with what the customer needs to know about it. */
export type OrderUpdate =
  | {
      kind: 'shipped'
      carrier: string | null
      tracking: string | null
      /** Some of the panels, the rest after earlier shipments, or all at once. */
      part: ShipmentPart
      /** The panels it carries, for a shipment in parts (none listed when it carries the whole order). */
      lines: ReadonlyArray<{ name: string; quantity: number }>
      /** The carrier's tracking page (core/carriers.ts), and whether the number must be typed there. */
      trackingUrl: string | null
      trackingPortal: boolean
    }
  /** With the order's withdrawal link and its last day (docs/product.md#withdrawal), while one may withdraw. */
  | { kind: 'delivered'; withdrawal?: { url: string; until: string } | undefined }
  | { kind: 'cancelled'; wholesaleEnded?: boolean }
  | { kind: 'refunded'; refundId?: string | undefined; amountCents: number; correctiveInvoice: string | null; invoiceAttached: boolean }
  | { kind: 'payment_returned'; reason: UnusedPaymentReason }
  | { kind: 'invoice_replaced'; invoice: string; replaced: string; invoiceAttached: boolean }
  /** Invoices issued after invoicing was stopped (docs/decisions/030): the order's, its refund's, or both. */
  | { kind: 'late_invoices'; invoice: string | null; correctives: readonly string[]; invoiceAttached: boolean }
  /** The admin fixed the contact or the delivery address before shipping: what they are now (no address for a pickup). */
  | { kind: 'details_changed'; name: string; email: string; phone: string; address: string | null }

export interface OrderUpdateEmailData {
  orderNumber: string
  customerName: string
  language: Language
  /** The customer's "My orders" page in the order's language. */
  ordersUrl: string
  /** A guest's signed read-only link to the order (docs/product.md#orders), in place of "My orders", which needs an account. */
  orderLink?: string | undefined
}

type Descriptor = { id: string; message: string }
type Sentence = [Descriptor, Record<string, string>]

const subjects: Record<OrderUpdate['kind'], Descriptor> = {
  shipped: text.shippedSubject,
  delivered: text.deliveredSubject,
  cancelled: text.cancelledSubject,
  refunded: text.refundedSubject,
  payment_returned: text.paymentReturnedSubject,
  invoice_replaced: text.invoiceReplacedSubject,
  late_invoices: text.lateSubject,
  details_changed: text.detailsSubject,
}

/** The sentences of the email's body, each with its values (escaped for HTML by the caller). */
function sentences(update: OrderUpdate, number: string, language: Language): Array<[Descriptor, Record<string, string>]> {
  switch (update.kind) {
    case 'shipped':
      return [
        [update.part === 'some' ? text.shippedSome : update.part === 'rest' ? text.shippedRest : text.shippedBody, { number }],
        ...(update.lines.length > 0 ? [[text.shipmentCarries, {}] as Sentence] : []),
        ...update.lines.map((line): Sentence => [text.shipmentLine, { quantity: String(line.quantity), name: line.name }]),
        ...(update.carrier ? [[text.carrier, { carrier: update.carrier }] as Sentence] : []),
        ...(update.tracking ? [[text.tracking, { tracking: update.tracking }] as Sentence] : []),
        ...(update.trackingPortal && update.carrier && update.tracking
          ? [[text.trackOnPortal, { carrier: update.carrier, tracking: update.tracking }] as Sentence]
          : []),
      ]
    case 'delivered':
      return [
        [text.deliveredBody, { number }],
        ...(update.withdrawal
          ? [
              [
                text.deliveredWithdrawal,
                {
                  date: new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(
                    new Date(update.withdrawal.until),
                  ),
                  link: update.withdrawal.url,
                },
              ] as Sentence,
            ]
          : []),
      ]
    case 'cancelled':
      return [[text.cancelledBody, { number }], ...(update.wholesaleEnded ? [[text.wholesaleEnded, {}] as [Descriptor, Record<string, string>]] : [])]
    case 'refunded': {
      const invoice = update.correctiveInvoice
      const body: [Descriptor, Record<string, string>] = [text.refundedBody, { number, amount: formatEuros(update.amountCents, language) }]
      if (!invoice) return [body]
      return [body, [update.invoiceAttached ? text.correctiveAttached : text.correctiveInOrders, { invoice }]]
    }
    case 'payment_returned':
      return [[paymentReturnedSentence[update.reason], { number }]]
    case 'invoice_replaced':
      return [
        [text.invoiceReplacedBody, { number, invoice: update.invoice, replaced: update.replaced }],
        [update.invoiceAttached ? text.invoiceAttached : text.invoiceInOrders, {}],
      ]
    case 'details_changed':
      return [
        [text.detailsBody, { number }],
        [text.detailsContact, { name: update.name, email: update.email, phone: displayPhone(update.phone) }],
        ...(update.address ? [[text.detailsAddress, { address: update.address }] as [Descriptor, Record<string, string>]] : []),
        [text.detailsNotYou, {}],
      ]
    case 'late_invoices': {
      const issued: Array<[Descriptor, Record<string, string>]> = []
      if (update.invoice) issued.push([text.lateInvoice, { number, invoice: update.invoice }])
      for (const corrective of update.correctives) {
        issued.push([issued.length > 0 ? text.lateCorrective : text.lateCorrectiveOnly, { number, invoice: corrective }])
      }
      // One invoice or more: "it" or "they".
      const two = issued.length > 1
      const where = update.invoiceAttached ? (two ? text.lateAttached : text.invoiceAttached) : two ? text.lateInOrders : text.invoiceInOrders
      return [...issued, [where, {}]]
    }
  }
}

const paymentReturnedSentence: Record<UnusedPaymentReason, Descriptor> = {
  'order cancelled': text.paymentReturnedCancelled,
  'order paid by another payment': text.paymentReturnedTwice,
  'order changed': text.paymentReturnedChanged,
  'amount differs': text.paymentReturnedChanged,
}

/** The email about an order's new state, in the order's language, as HTML and plain text. */
export function renderOrderUpdate(order: OrderUpdateEmailData, update: OrderUpdate, company: Company): RenderedEmail {
  const t = translator(order.language)
  const subject = t(update.kind === 'shipped' && update.part === 'some' ? text.shippedSomeSubject : subjects[update.kind], {
    number: order.orderNumber,
  })
  const body = sentences(update, order.orderNumber, order.language)
  const greeting = { name: order.customerName }
  const questions = { phone: company.phone }
  // The buyer's orders (signed in), or a guest's own link to this order: "My orders" would ask them to sign in.
  const orderPage = order.orderLink ? { label: t(text.orderAction), url: order.orderLink } : { label: t(text.ordersAction), url: order.ordersUrl }
  // A shipment with a tracking link leads to the carrier's page, and says where the order is followed too.
  const tracked = update.kind === 'shipped' && update.trackingUrl ? { label: t(text.trackAction), url: update.trackingUrl } : null
  const action = tracked ?? orderPage
  const follow = tracked
    ? {
        html: t(text.alsoFollow, {
          link: `<a href="${escapeHtml(orderPage.url)}" style="color:${palette.accent}">${escapeHtml(orderPage.label)}</a>`,
        }),
        text: t(text.alsoFollow, { link: orderPage.url }),
      }
    : null
  const html = emailDocument(
    order.language,
    company,
    subject,
    [
      t(text.greeting, escaped(greeting)),
      ...body.map(([message, values]) => t(message, escaped(values))),
      ...(follow ? [follow.html] : []),
      t(text.questions, escaped(questions)),
    ],
    action,
  )
  const plain = [
    t(text.greeting, greeting),
    '',
    ...body.map(([message, values]) => t(message, values)),
    '',
    `${action.label}: ${action.url}`,
    ...(follow ? [follow.text] : []),
    '',
    t(text.questions, questions),
    '',
    company.legalName,
  ].join('\n')
  return { subject, html, text: plain }
}
