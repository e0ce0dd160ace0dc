import { composeEmail, paragraph, translator } from './layout.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'

const text = {
  subject: /*i18n*/ { id: 'email.catalog.subject', message: 'Your panel catalog' },
  greeting: /*i18n*/ { id: 'email.b2b.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'email.catalog.body',
    message: 'Here is our catalog of decorative wall and ceiling panels, attached as a PDF, with every model, its size and its price per panel.',
  },
  help: /*i18n*/ {
    id: 'email.catalog.help',
    message: 'For samples, a quote or a visit to our showroom in Torrevieja, reply to this email or call us at {phone}.',
  },
  action: /*i18n*/ { id: 'email.catalog.action', message: 'Visit the online shop' },
}

/** The catalog email, in the requested language; the PDF travels as its attachment. */
export function renderCatalogEmail(data: { name: string; language: Language; shopUrl: string }, company: Company): RenderedEmail {
  const t = translator(data.language)
  const values = { name: data.name, phone: company.phone }
  return composeEmail(data.language, company, t(text.subject), {
    paragraphs: [paragraph(t, text.greeting, values), paragraph(t, text.body), paragraph(t, text.help, values)],
    action: { label: t(text.action), url: data.shopUrl },
    linkInText: 'labelled',
  })
}
