import { i18nOf } from '../i18n.ts'
import { displayPhone } from '../phones.ts'
import { escapeHtml } from './html.ts'
import { composeEmail, paragraph, translator, type Paragraph } from './layout.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import { addressLines, type PostalAddress } from '../../core/address.ts'
import type { Company } from '../../core/company.ts'
import { deliveryMethodLabels, deliveryWindow, deliveryZoneLabels, type DeliveryMethod, type DeliveryZone } from '../../core/delivery.ts'
import { surchargeLabel } from '../../core/equivalence-surcharge.ts'
import { formatEuros, formatRate } from '../../core/money.ts'

// The shop's own alert of a paid order (docs/product.md#owner): ids and English sources here,
// Spanish in the catalogs; always in Spanish, the shop's language.
const text = {
  subject: /*i18n*/ { id: 'email.order_alert.subject', message: 'New order {number}: {total}' },
  paid: /*i18n*/ {
    id: 'email.order_alert.paid',
    message: '{name} ({email}, {phone}) has paid order {number}, on the {language} pages.',
  },
  line: /*i18n*/ { id: 'email.order_alert.line', message: '{quantity} × {product} at {unit}: {subtotal}' },
  delivery: /*i18n*/ { id: 'email.order_alert.delivery', message: 'Delivery: {method} · {cost} · {window}' },
  free: /*i18n*/ { id: 'email.order_alert.free', message: 'free' },
  address: /*i18n*/ { id: 'email.order_alert.address', message: 'Deliver to: {address}' },
  total: /*i18n*/ { id: 'email.order_alert.total', message: 'Total paid (VAT included): {total}' },
  action: /*i18n*/ { id: 'email.order_alert.action', message: 'Open the order' },
  spanish: /*i18n*/ { id: 'email.contact.language_es', message: 'Spanish' },
  english: /*i18n*/ { id: 'email.contact.language_en', message: 'English' },
}

export interface OrderAlertData {
  orderNumber: string
  customerName: string
  customerEmail: string
  customerPhone: string
  language: 'es' | 'en'
  items: ReadonlyArray<{ nameEs: string; quantity: number; unitPriceCents: number; subtotalCents: number }>
  taxCents: number
  surchargeRateBasisPoints: number | null
  shippingCostCents: number
  totalCents: number
  deliveryMethod: DeliveryMethod
  deliveryZone: DeliveryZone | null
  deliveryMinDays: number | null
  deliveryMaxDays: number | null
  shippingAddress: PostalAddress | null
  /** The order's page in /admin. */
  adminUrl: string
}

const plain = (sentence: string): Paragraph => ({ html: escapeHtml(sentence), text: sentence })

/** To the shop's ORDER_NOTIFY_EMAILS, in Spanish: an order was paid, with what to send where. */
export function renderOrderAlert(order: OrderAlertData, seller: Company): RenderedEmail {
  const t = translator('es')
  const euros = (cents: number) => formatEuros(cents, 'es')
  const total = euros(order.totalCents)
  const customer = {
    name: order.customerName,
    email: order.customerEmail,
    phone: displayPhone(order.customerPhone),
    number: order.orderNumber,
    language: t(order.language === 'en' ? text.english : text.spanish),
  }
  const lines = order.items.map((item) =>
    paragraph(t, text.line, {
      quantity: String(item.quantity),
      product: item.nameEs,
      unit: euros(item.unitPriceCents),
      subtotal: euros(item.subtotalCents),
    }),
  )
  const method =
    order.deliveryMethod === 'home' && order.deliveryZone
      ? `${t(deliveryMethodLabels.home)} (${t(deliveryZoneLabels[order.deliveryZone])})`
      : t(deliveryMethodLabels[order.deliveryMethod])
  const window =
    order.deliveryMinDays === null || order.deliveryMaxDays === null
      ? null
      : deliveryWindow({ method: order.deliveryMethod, minDays: order.deliveryMinDays, maxDays: order.deliveryMaxDays })
  const delivery = paragraph(t, text.delivery, {
    method,
    cost: order.shippingCostCents === 0 ? t(text.free) : euros(order.shippingCostCents),
    window: window ? t(window.message, window.values) : '',
  })
  const address =
    order.deliveryMethod === 'home' && order.shippingAddress
      ? [paragraph(t, text.address, { address: addressLines(i18nOf('es'), order.shippingAddress).join(', ') })]
      : []
  const surcharge =
    order.taxCents > 0 && order.surchargeRateBasisPoints
      ? [plain(`${t(surchargeLabel, { rate: formatRate(order.surchargeRateBasisPoints, 'es') })}: ${euros(order.taxCents)}`)]
      : []
  return composeEmail('es', seller, t(text.subject, { number: order.orderNumber, total }), {
    paragraphs: [paragraph(t, text.paid, customer), ...lines, delivery, ...address, ...surcharge, paragraph(t, text.total, { total })],
    action: { label: t(text.action), url: order.adminUrl },
    linkInText: 'labelled',
  })
}
