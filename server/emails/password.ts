import { composeEmail, paragraph, translator } from './layout.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'

const text = {
  greeting: /*i18n*/ { id: 'email.b2b.greeting', message: 'Hello {name},' },
  resetSubject: /*i18n*/ { id: 'email.password.reset.subject', message: 'Choose a new password' },
  resetBody: /*i18n*/ {
    id: 'email.password.reset.body',
    message: 'Someone asked to reset the password of your account. The link below lets you choose a new one; it works once, for one hour.',
  },
  resetAction: /*i18n*/ { id: 'email.password.reset.action', message: 'Choose a new password' },
  resetIgnore: /*i18n*/ { id: 'email.password.reset.ignore', message: 'If it was not you, ignore this email: your password stays as it is.' },
  changedSubject: /*i18n*/ { id: 'email.password.changed.subject', message: 'Your password was changed' },
  changedBody: /*i18n*/ {
    id: 'email.password.changed.body',
    message:
      'The password of your account was just changed, and every other session was signed out. If it was not you, contact us at {email} or {phone} at once.',
  },
}

/** The reset link, in the language of the page where it was asked for. */
export function renderPasswordReset(data: { name: string; language: Language; url: string }, company: Company): RenderedEmail {
  const t = translator(data.language)
  return composeEmail(data.language, company, t(text.resetSubject), {
    paragraphs: [paragraph(t, text.greeting, { name: data.name }), paragraph(t, text.resetBody)],
    action: { label: t(text.resetAction), url: data.url },
    notes: [paragraph(t, text.resetIgnore)],
  })
}

/** Told after a reset: the owner learns at once if it was not them. */
export function renderPasswordChanged(data: { name: string; language: Language }, company: Company): RenderedEmail {
  const t = translator(data.language)
  const values = { name: data.name, email: company.email, phone: company.phone }
  return composeEmail(data.language, company, t(text.changedSubject), {
    paragraphs: [paragraph(t, text.greeting, values), paragraph(t, text.changedBody, values)],
  })
}
