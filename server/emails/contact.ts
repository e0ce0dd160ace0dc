import { escapeHtml } from './html.ts'
import { emailDocument, escaped, translator } from './layout.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'

const text = {
  subject: /*i18n*/ { id: 'email.contact.subject', message: 'Contact message from {name}' },
  intro: /*i18n*/ {
    id: 'email.contact.intro',
    message: '{name} ({email}) wrote through the contact form, on the {language} pages. Reply to this email to answer.',
  },
  company: /*i18n*/ { id: 'email.contact.company', message: 'Company: {company}' },
  phone: /*i18n*/ { id: 'email.contact.phone', message: 'Phone: {phone}' },
  action: /*i18n*/ { id: 'email.contact.action', message: 'See the messages on the admin dashboard' },
  spanish: /*i18n*/ { id: 'email.contact.language_es', message: 'Spanish' },
  english: /*i18n*/ { id: 'email.contact.language_en', message: 'English' },
}

/** To the company, in Spanish: a visitor's message, to be answered by replying (Reply-To is the visitor). */
export function renderContactMessage(
  data: {
    name: string
    email: string
    company: string
    phone: string
    message: string
    language: Language
    adminUrl: string
  },
  seller: Company,
): RenderedEmail {
  const t = translator('es')
  const values = {
    name: data.name,
    email: data.email,
    company: data.company,
    phone: data.phone,
    language: t(data.language === 'en' ? text.english : text.spanish),
  }
  const subject = t(text.subject, values)
  const details = [data.company ? text.company : null, data.phone ? text.phone : null].filter((d) => d !== null)
  const html = emailDocument(
    'es',
    seller,
    subject,
    [
      t(text.intro, escaped(values)),
      ...details.map((d) => t(d, escaped(values))),
      `<blockquote style="white-space:pre-line;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(data.message)}</blockquote>`,
    ],
    { label: t(text.action), url: data.adminUrl },
  )
  const plain = [t(text.intro, values), ...details.map((d) => t(d, values)), '', data.message, '', `${t(text.action)}: ${data.adminUrl}`].join('\n')
  return { subject, html, text: plain }
}
