import { composeEmail, paragraph, translator } from './layout.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import type { RenderedEmail } from './order-confirmation.ts'

// The wholesale emails (docs/product.md#b2b): ids and English sources here, Spanish in the catalogs.
const text = {
  approvedSubject: /*i18n*/ { id: 'email.b2b.approved.subject', message: 'Your wholesale access is active' },
  greeting: /*i18n*/ { id: 'email.b2b.greeting', message: 'Hello {name},' },
  approvedBody: /*i18n*/ {
    id: 'email.b2b.approved.body',
    message:
      'We have approved your wholesale access for {company}. From now on you see wholesale prices across the shop, including the panels already in your cart.',
  },
  approvedAction: /*i18n*/ { id: 'email.b2b.approved.action', message: 'Shop at wholesale prices' },
  questions: /*i18n*/ { id: 'email.b2b.questions', message: 'For any question, reply to this email or call us at {phone}.' },
  receivedSubject: /*i18n*/ { id: 'email.b2b.received.subject', message: 'New wholesale access request: {company}' },
  receivedBody: /*i18n*/ {
    id: 'email.b2b.received.body',
    message: '{name} ({email}, {phone}) asks for wholesale access for {company}, tax id {taxId}. Review it on the admin dashboard.',
  },
  receivedAction: /*i18n*/ { id: 'email.b2b.received.action', message: 'Open the admin dashboard' },
}

/** To the customer, in the language of their request: wholesale prices are on. */
export function renderB2bApproved(data: { name: string; company: string; language: Language; shopUrl: string }, seller: Company): RenderedEmail {
  const t = translator(data.language)
  const values = { name: data.name, company: data.company, phone: seller.phone }
  return composeEmail(data.language, seller, t(text.approvedSubject), {
    paragraphs: [paragraph(t, text.greeting, values), paragraph(t, text.approvedBody, values)],
    action: { label: t(text.approvedAction), url: data.shopUrl },
    linkInText: 'labelled',
    notes: [paragraph(t, text.questions, values)],
    signature: seller.legalName,
  })
}

/** To the company, in Spanish (the shop's language): a request waits on /admin. */
export function renderB2bRequestReceived(
  data: {
    name: string
    company: string
    email: string
    phone: string
    taxId: string
    adminUrl: string
  },
  seller: Company,
): RenderedEmail {
  const t = translator('es')
  const { adminUrl, ...values } = data
  return composeEmail('es', seller, t(text.receivedSubject, values), {
    paragraphs: [paragraph(t, text.receivedBody, values)],
    action: { label: t(text.receivedAction), url: adminUrl },
    linkInText: 'labelled',
  })
}
