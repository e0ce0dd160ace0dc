import { i18nOf } from '../i18n.ts'
import { escapeHtml } from './html.ts'
import { addressLines, type PostalAddress } from '../../core/address.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import { formatEuros, formatRate } from '../../core/money.ts'
import { surchargeLabel } from '../../core/equivalence-surcharge.ts'
import { palette } from '../../core/palette.ts'
import { deliveryMethodLabels, deliveryWindow, deliveryZoneLabels, type DeliveryMethod, type DeliveryZone } from '../../core/delivery.ts'

// The texts of this email: stable ids, English source, Spanish in the catalogs (core/messages.ts
// explains the i18n comments). Values are escaped before they reach the HTML.
const text = {
  subject: /*i18n*/ { id: 'email.order.subject', message: 'Order confirmation {number}' },
  greeting: /*i18n*/ { id: 'email.order.greeting', message: 'Hello {name},' },
  thanks: /*i18n*/ {
    id: 'email.order.thanks',
    message: 'Thank you for your order. We have received your payment and your order {number} is confirmed.',
  },
  product: /*i18n*/ { id: 'email.order.product', message: 'Product' },
  quantity: /*i18n*/ { id: 'email.order.quantity', message: 'Quantity' },
  total: /*i18n*/ { id: 'email.order.total', message: 'Total' },
  grandTotal: /*i18n*/ { id: 'email.order.grand_total', message: 'Total (VAT included): {total}' },
  shippingAddress: /*i18n*/ { id: 'email.order.shipping_address', message: 'Shipping address' },
  invoice: /*i18n*/ {
    id: 'email.order.invoice_attached',
    message: 'Your invoice {number} is attached to this email. You can also download it from {link}.',
  },
  invoiceGuest: /*i18n*/ { id: 'email.order.invoice_attached_guest', message: 'Your invoice {number} is attached to this email.' },
  myOrders: /*i18n*/ { id: 'email.order.my_orders', message: 'My orders' },
  followAccount: /*i18n*/ { id: 'email.order.follow_account', message: 'You can follow your order in {link}.' },
  followAccountText: /*i18n*/ { id: 'email.order.follow_account_text', message: 'You can follow your order in My orders: {link}' },
  followGuest: /*i18n*/ {
    id: 'email.order.follow_guest',
    message: 'You can follow your order, without an account, from {link} for the next 30 days.',
  },
  followGuestLink: /*i18n*/ { id: 'email.order.follow_guest_link', message: 'this link' },
  // The plain-text part ends on the address itself (see withdrawalText).
  followGuestText: /*i18n*/ {
    id: 'email.order.follow_guest_text',
    message: 'You can follow your order, without an account, for the next 30 days from this link: {link}',
  },
  withdrawal: /*i18n*/ {
    id: 'email.order.withdrawal',
    message: 'You may withdraw from the contract without giving a reason until 14 days after delivery, online from {link}.',
  },
  withdrawalLink: /*i18n*/ { id: 'email.order.withdrawal_link', message: 'this link' },
  // The plain-text part ends on the address itself: a full stop after it would join the link in some mail readers.
  withdrawalText: /*i18n*/ {
    id: 'email.order.withdrawal_text',
    message: 'You may withdraw from the contract without giving a reason until 14 days after delivery, online from this link: {link}',
  },
  delivery: /*i18n*/ {
    id: 'email.order.delivery',
    message: 'We will contact you to arrange delivery. For any question, reply to this email or call us.',
  },
  deliveryHeading: /*i18n*/ { id: 'email.order.delivery_heading', message: 'Delivery' },
  free: /*i18n*/ { id: 'email.order.delivery_free', message: 'free' },
  homeNext: /*i18n*/ {
    id: 'email.order.home_next',
    message: 'We will email you when it ships, with its tracking. For any question, reply to this email or call us.',
  },
  pickupWhere: /*i18n*/ { id: 'email.order.pickup_where', message: 'At our showroom: {address}. Opening hours: {hours}.' },
  pickupNext: /*i18n*/ {
    id: 'email.order.pickup_next',
    message: 'We will email you when it is ready to collect. For any question, reply to this email or call us.',
  },
}

export interface OrderEmailData {
  orderNumber: string
  customerName: string
  language: Language
  items: ReadonlyArray<{ productName: string; quantity: number; unitPriceCents: number; subtotalCents: number }>
  subtotalCents: number
  /** The recargo de equivalencia of a buyer under it (0 for everyone else), added on top, and its rate. */
  taxCents?: number
  surchargeRateBasisPoints?: number
  totalCents: number
  /** Null for a pickup without one (it is not printed for a pickup anyway). */
  shippingAddress: PostalAddress | null
  /** How it is delivered, what that costs and its window (orders before delivery methods: none, the old text). */
  deliveryMethod?: DeliveryMethod
  deliveryZone?: DeliveryZone | null
  deliveryMinDays?: number | null
  deliveryMaxDays?: number | null
  shippingCostCents?: number
  /**
   * The invoice attached to the email: its number, and the buyer's "My orders" page where it can be
   * downloaded again (null for a guest, who has no such page).
   */
  invoice?: { number: string; ordersUrl: string | null } | null | undefined
  /** The order's signed withdrawal link (docs/product.md#withdrawal), for buyers and guests alike. */
  withdrawalUrl?: string | undefined
  /** Where the order is followed (docs/product.md#orders): "My orders" for an account's, a guest's signed link for 30 days. */
  orderPage?: { url: string; guest: boolean } | undefined
}

export interface RenderedEmail {
  subject: string
  html: string
  text: string
}

// Inline styles: email clients ignore stylesheets.
const cell = `padding:8px 0;border-bottom:1px solid ${palette.border}`
const heading = 'font-family:Georgia,serif;font-weight:600'

/** The order confirmation email in the order's language (docs/product.md#checkout), as HTML and plain text. */
export function renderOrderConfirmation(order: OrderEmailData, company: Company): RenderedEmail {
  const i18n = i18nOf(order.language)
  const t = (message: { id: string; message: string }, values?: Record<string, unknown>) => i18n._(message.id, values, { message: message.message })
  const euros = (cents: number) => formatEuros(cents, order.language)
  const name = order.customerName
  const number = order.orderNumber
  const total = euros(order.totalCents)
  const subject = t(text.subject, { number })
  const surcharge =
    order.taxCents && order.surchargeRateBasisPoints
      ? `${t(surchargeLabel, { rate: formatRate(order.surchargeRateBasisPoints, order.language) })}: ${euros(order.taxCents)}`
      : null
  const invoice = order.invoice
  const invoiceHtml = !invoice
    ? null
    : invoice.ordersUrl
      ? t(text.invoice, {
          number: `<strong>${escapeHtml(invoice.number)}</strong>`,
          link: `<a href="${escapeHtml(invoice.ordersUrl)}" style="color:${palette.accent}">${escapeHtml(t(text.myOrders))}</a>`,
        })
      : t(text.invoiceGuest, { number: `<strong>${escapeHtml(invoice.number)}</strong>` })
  const delivery = deliveryLines(order, company, t, euros)
  // Where it goes: none for a pickup (the showroom's address is in the delivery part).
  const address = delivery?.pickup ? null : order.shippingAddress
  const invoicePlain = !invoice
    ? null
    : invoice.ordersUrl
      ? t(text.invoice, { number: invoice.number, link: `${t(text.myOrders)} (${invoice.ordersUrl})` })
      : t(text.invoiceGuest, { number: invoice.number })

  const page = order.orderPage
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}" style="color:${palette.accent}">${escapeHtml(label)}</a>`
  const followHtml = !page
    ? null
    : page.guest
      ? t(text.followGuest, { link: link(page.url, t(text.followGuestLink)) })
      : t(text.followAccount, { link: link(page.url, t(text.myOrders)) })
  const followPlain = !page ? null : t(page.guest ? text.followGuestText : text.followAccountText, { link: page.url })

  const rows = order.items
    .map(
      (item) =>
        `<tr><td style="${cell}">${escapeHtml(item.productName)}</td>` +
        `<td style="${cell};text-align:right">${item.quantity} × ${escapeHtml(euros(item.unitPriceCents))}</td>` +
        `<td style="${cell};text-align:right">${escapeHtml(euros(item.subtotalCents))}</td></tr>`,
    )
    .join('')
  const body = [
    `<div style="font-family:Helvetica,Arial,sans-serif;color:${palette.text};max-width:600px;margin:0 auto">`,
    `<h1 style="${heading}">${escapeHtml(company.name)}</h1>`,
    `<p>${t(text.greeting, { name: escapeHtml(name) })}</p>`,
    `<p>${t(text.thanks, { number: `<strong>${escapeHtml(number)}</strong>` })}</p>`,
    `<table style="width:100%;border-collapse:collapse"><thead><tr>`,
    `<th style="${cell};text-align:left">${t(text.product)}</th>`,
    `<th style="${cell};text-align:right">${t(text.quantity)}</th>`,
    `<th style="${cell};text-align:right">${t(text.total)}</th>`,
    `</tr></thead><tbody>${rows}</tbody></table>`,
    surcharge ? `<p style="text-align:right">${escapeHtml(surcharge)}</p>` : '',
    `<p style="text-align:right;font-size:18px"><strong>${t(text.grandTotal, { total: escapeHtml(total) })}</strong></p>`,
    delivery ? `<h2 style="${heading};font-size:18px">${t(text.deliveryHeading)}</h2>` : '',
    delivery ? `<p>${delivery.facts.map(escapeHtml).join('<br>')}</p>` : '',
    address ? `<h2 style="${heading};font-size:18px">${t(text.shippingAddress)}</h2>` : '',
    address ? `<p>${[name, ...addressLines(i18n, address)].map(escapeHtml).join('<br>')}</p>` : '',
    followHtml ? `<p>${followHtml}</p>` : '',
    invoiceHtml ? `<p>${invoiceHtml}</p>` : '',
    order.withdrawalUrl
      ? `<p>${t(text.withdrawal, { link: `<a href="${escapeHtml(order.withdrawalUrl)}" style="color:${palette.accent}">${escapeHtml(t(text.withdrawalLink))}</a>` })}</p>`
      : '',
    `<p>${escapeHtml(delivery?.next ?? t(text.delivery))}</p>`,
    `<p style="color:${palette.textMuted};font-size:13px">${escapeHtml(`${company.legalName} · ${company.email} · ${company.phone}`)}</p>`,
    `</div>`,
  ].join('')
  const html = `<!doctype html><html lang="${order.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${body}</body></html>`

  const plain = [
    t(text.greeting, { name }),
    '',
    t(text.thanks, { number }),
    '',
    ...order.items.map((item) => `- ${item.productName}: ${item.quantity} × ${euros(item.unitPriceCents)} = ${euros(item.subtotalCents)}`),
    '',
    ...(surcharge ? [surcharge] : []),
    t(text.grandTotal, { total }),
    '',
    ...(delivery ? [t(text.deliveryHeading), ...delivery.facts, ''] : []),
    ...(address ? [t(text.shippingAddress), name, ...addressLines(i18n, address), ''] : []),
    ...(followPlain ? [followPlain, ''] : []),
    ...(invoicePlain ? [invoicePlain, ''] : []),
    ...(order.withdrawalUrl ? [t(text.withdrawalText, { link: order.withdrawalUrl }), ''] : []),
    delivery?.next ?? t(text.delivery),
    '',
    company.legalName,
  ].join('\n')
  return { subject, html, text: plain }
}

/** The services' renderer: the company's facts already given (server/services/index.ts). */
export type OrderConfirmationRenderer = (order: OrderEmailData) => RenderedEmail

type Translate = (message: { id: string; message: string }, values?: Record<string, unknown>) => string

/**
 * The delivery's part of the email, as plain lines: the method with its price and window, for
 * pickup where and when; and what happens next. Null for an order from before delivery methods.
 */
function deliveryLines(order: OrderEmailData, company: Company, t: Translate, euros: (cents: number) => string) {
  if (!order.deliveryMethod || order.deliveryMinDays == null || order.deliveryMaxDays == null) return null
  const window = deliveryWindow({ method: order.deliveryMethod, minDays: order.deliveryMinDays, maxDays: order.deliveryMaxDays })
  const when = t(window.message, window.values)
  if (order.deliveryMethod === 'pickup') {
    const { street, postalCode, city } = company.address
    const hours = `${company.openingHours.weekdays}; ${company.openingHours.saturday}`
    return {
      pickup: true,
      facts: [`${t(deliveryMethodLabels.pickup)}: ${when}`, t(text.pickupWhere, { address: `${street}, ${postalCode} ${city}`, hours })],
      next: t(text.pickupNext),
    }
  }
  const cost = order.shippingCostCents ? euros(order.shippingCostCents) : t(text.free)
  const method = order.deliveryZone ? `${t(deliveryMethodLabels.home)} (${t(deliveryZoneLabels[order.deliveryZone])})` : t(deliveryMethodLabels.home)
  return { pickup: false, facts: [`${method}: ${cost} · ${when}`], next: t(text.homeNext) }
}
