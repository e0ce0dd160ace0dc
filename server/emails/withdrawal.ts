import { composeEmail, paragraph, translator, type Paragraph } from './layout.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import { formatEuros } from '../../core/money.ts'

// The buyer's withdrawal from the contract (docs/product.md#withdrawal): the acknowledgment the
// buyer keeps (a durable medium: what they withdrew from, when the shop received it, what happens
// next), in the order's language, and the shop's alert, in Spanish. Ids and English sources here,
// Spanish in the catalogs.
const text = {
  subject: /*i18n*/ { id: 'email.withdrawal.subject', message: 'We have received your withdrawal from order {number}' },
  greeting: /*i18n*/ { id: 'email.withdrawal.greeting', message: 'Hello {name},' },
  received: /*i18n*/ {
    id: 'email.withdrawal.received',
    message: 'We received your withdrawal from the contract of order {number} on {date}. This email is your acknowledgment of receipt: keep it.',
  },
  withdrewFrom: /*i18n*/ { id: 'email.withdrawal.withdrew_from', message: 'You have withdrawn from the whole order:' },
  line: /*i18n*/ { id: 'email.withdrawal.line', message: '{quantity} × {name}: {amount}' },
  total: /*i18n*/ { id: 'email.withdrawal.total', message: 'Total paid (IVA included): {amount}' },
  statement: /*i18n*/ { id: 'email.withdrawal.statement', message: 'Sent by {name} ({email}).' },
  comment: /*i18n*/ { id: 'email.withdrawal.comment', message: 'Your comment: {comment}' },
  sendBack: /*i18n*/ {
    id: 'email.withdrawal.send_back',
    message:
      'What happens next: send the panels back to us as our returns page explains, within 14 days of today, in their packaging where possible.',
  },
  refund: /*i18n*/ {
    id: 'email.withdrawal.refund',
    message:
      'We refund what you paid, the standard delivery included, within 14 days of receiving your withdrawal, to the card you paid with. We may hold the refund until the panels are back with us.',
  },
  action: /*i18n*/ { id: 'email.withdrawal.action', message: 'How to return the panels' },
  questions: /*i18n*/ { id: 'email.withdrawal.questions', message: 'For any question, reply to this email or call us at {phone}.' },

  alertSubject: /*i18n*/ { id: 'email.withdrawal_alert.subject', message: 'Withdrawal from order {number}' },
  alertBody: /*i18n*/ {
    id: 'email.withdrawal_alert.body',
    message: '{name} ({email}) has withdrawn from order {number} on {date}, {channel}.',
  },
  alertAccount: /*i18n*/ { id: 'email.withdrawal_alert.account', message: 'signed in to their account' },
  alertLink: /*i18n*/ { id: 'email.withdrawal_alert.link', message: 'through the link in the order’s emails' },
  alertComment: /*i18n*/ { id: 'email.withdrawal_alert.comment', message: 'Comment: {comment}' },
  alertNoComment: /*i18n*/ { id: 'email.withdrawal_alert.no_comment', message: 'No comment.' },
  alertNext: /*i18n*/ {
    id: 'email.withdrawal_alert.next',
    message: 'Once the panels are back, refund the order with “Refund” on its page, within 14 days of today.',
  },
  alertAction: /*i18n*/ { id: 'email.withdrawal_alert.action', message: 'Open the order' },
}

export interface WithdrawalEmailData {
  orderNumber: string
  language: Language
  lines: ReadonlyArray<{ name: string; quantity: number; subtotalCents: number }>
  totalCents: number
  /** The statement as received, and when. */
  withdrawal: { name: string; email: string; comment: string | null; channel: 'account' | 'link'; receivedAt: Date }
}

const when = (at: Date, language: Language) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(at)

/** The buyer's acknowledgment, in the order's language; `returnsUrl` is the returns page in that language. */
export function renderWithdrawalReceipt(order: WithdrawalEmailData & { returnsUrl: string }, company: Company): RenderedEmail {
  const t = translator(order.language)
  const money = (cents: number) => formatEuros(cents, order.language)
  const { withdrawal } = order
  const paragraphs: Paragraph[] = [
    paragraph(t, text.greeting, { name: withdrawal.name }),
    paragraph(t, text.received, { number: order.orderNumber, date: when(withdrawal.receivedAt, order.language) }),
    paragraph(t, text.withdrewFrom),
    ...order.lines.map((line) => paragraph(t, text.line, { quantity: String(line.quantity), name: line.name, amount: money(line.subtotalCents) })),
    paragraph(t, text.total, { amount: money(order.totalCents) }),
    paragraph(t, text.statement, { name: withdrawal.name, email: withdrawal.email }),
    ...(withdrawal.comment ? [paragraph(t, text.comment, { comment: withdrawal.comment })] : []),
    paragraph(t, text.sendBack),
    paragraph(t, text.refund),
  ]
  return composeEmail(order.language, company, t(text.subject, { number: order.orderNumber }), {
    paragraphs,
    action: { label: t(text.action), url: order.returnsUrl },
    linkInText: 'labelled',
    notes: [paragraph(t, text.questions, { phone: company.phone })],
    signature: company.legalName,
  })
}

/** To the shop (ORDER_NOTIFY_EMAILS), in Spanish: who withdrew from which order, how, and a link to its admin page. */
export function renderWithdrawalAlert(order: WithdrawalEmailData & { adminUrl: string }, company: Company): RenderedEmail {
  const t = translator('es')
  const money = (cents: number) => formatEuros(cents, 'es')
  const { withdrawal } = order
  return composeEmail('es', company, t(text.alertSubject, { number: order.orderNumber }), {
    paragraphs: [
      paragraph(t, text.alertBody, {
        name: withdrawal.name,
        email: withdrawal.email,
        number: order.orderNumber,
        date: when(withdrawal.receivedAt, 'es'),
        channel: t(withdrawal.channel === 'account' ? text.alertAccount : text.alertLink),
      }),
      ...order.lines.map((line) => paragraph(t, text.line, { quantity: String(line.quantity), name: line.name, amount: money(line.subtotalCents) })),
      paragraph(t, text.total, { amount: money(order.totalCents) }),
      withdrawal.comment ? paragraph(t, text.alertComment, { comment: withdrawal.comment }) : paragraph(t, text.alertNoComment),
      paragraph(t, text.alertNext),
    ],
    action: { label: t(text.alertAction), url: order.adminUrl },
    linkInText: 'labelled',
  })
}
