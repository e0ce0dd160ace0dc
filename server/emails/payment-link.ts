import { emailDocument, escaped, translator } from './layout.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import { formatEuros } from '../../core/money.ts'

// The order the shop prepared on the phone, and where to pay it (docs/product.md#phone-orders). Ids
// and English sources here, Spanish in the catalogs.
const text = {
  subject: /*i18n*/ { id: 'email.payment_link.subject', message: 'Your order {number}: pay it by card' },
  greeting: /*i18n*/ { id: 'email.payment_link.greeting', message: 'Hello {name},' },
  prepared: /*i18n*/ { id: 'email.payment_link.prepared', message: 'We have prepared your order {number} as we agreed:' },
  line: /*i18n*/ { id: 'email.payment_link.line', message: '{quantity} × {name}: {amount}' },
  delivery: /*i18n*/ { id: 'email.payment_link.delivery', message: 'Delivery: {amount}' },
  surcharge: /*i18n*/ { id: 'email.payment_link.surcharge', message: 'Equivalence surcharge: {amount}' },
  total: /*i18n*/ { id: 'email.payment_link.total', message: 'Total (IVA included): {amount}' },
  pay: /*i18n*/ {
    id: 'email.payment_link.pay',
    message: 'Pay it by card from the button below, on our payment provider’s secure page, until {date}. We prepare it as soon as it is paid.',
  },
  action: /*i18n*/ { id: 'email.payment_link.action', message: 'Pay {amount}' },
  questions: /*i18n*/ { id: 'email.payment_link.questions', message: 'For any question, reply to this email or call us at {phone}.' },
}

type Sentence = [{ id: string; message: string }, Record<string, string>]
const sentence = (message: Sentence[0], values: Sentence[1]): Sentence => [message, values]

export interface PaymentLinkEmailData {
  orderNumber: string
  customerName: string
  language: Language
  lines: ReadonlyArray<{ name: string; quantity: number; subtotalCents: number }>
  shippingCostCents: number
  surchargeCents: number
  totalCents: number
  /** The signed payment link, and until when it can be paid. */
  paymentUrl: string
  payableUntil: Date
}

/** The payment link's email, in the order's language, as HTML and plain text. */
export function renderPaymentLink(order: PaymentLinkEmailData, company: Company): RenderedEmail {
  const t = translator(order.language)
  const money = (cents: number) => formatEuros(cents, order.language)
  const date = new Intl.DateTimeFormat(order.language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(
    order.payableUntil,
  )
  const subject = t(text.subject, { number: order.orderNumber })
  const facts: Sentence[] = [
    ...order.lines.map((line) => sentence(text.line, { quantity: String(line.quantity), name: line.name, amount: money(line.subtotalCents) })),
    ...(order.shippingCostCents > 0 ? [sentence(text.delivery, { amount: money(order.shippingCostCents) })] : []),
    ...(order.surchargeCents > 0 ? [sentence(text.surcharge, { amount: money(order.surchargeCents) })] : []),
    sentence(text.total, { amount: money(order.totalCents) }),
  ]
  const action = { label: t(text.action, { amount: money(order.totalCents) }), url: order.paymentUrl }
  const paragraphs = (escape: boolean) => {
    const v = (values: Record<string, string>) => (escape ? escaped(values) : values)
    return [
      t(text.greeting, v({ name: order.customerName })),
      t(text.prepared, v({ number: order.orderNumber })),
      ...facts.map(([message, values]) => t(message, v(values))),
      t(text.pay, v({ date })),
    ]
  }
  const questions = { phone: company.phone }
  const html = emailDocument(order.language, company, subject, [...paragraphs(true), t(text.questions, escaped(questions))], action)
  const plain = [...paragraphs(false), '', `${action.label}: ${action.url}`, '', t(text.questions, questions), '', company.legalName].join('\n')
  return { subject, html, text: plain }
}
