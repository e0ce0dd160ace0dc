import { composeEmail, paragraph, translator } from './layout.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'

const text = {
  greeting: /*i18n*/ { id: 'email.b2b.greeting', message: 'Hello {name},' },
  verifySubject: /*i18n*/ { id: 'email.account.verify.subject', message: 'Confirm your email address' },
  verifyBody: /*i18n*/ {
    id: 'email.account.verify.body',
    message:
      'Thank you for creating an account. Please confirm that this address is yours with the link below (it works for 24 hours). Until then you can shop as usual, but you cannot request wholesale access.',
  },
  verifyAction: /*i18n*/ { id: 'email.account.verify.action', message: 'Confirm my email' },
  verifyIgnore: /*i18n*/ { id: 'email.account.verify.ignore', message: 'If you did not create an account with us, ignore this email.' },
  changeSubject: /*i18n*/ { id: 'email.account.change.subject', message: 'Confirm your new email address' },
  changeBody: /*i18n*/ {
    id: 'email.account.change.body',
    message:
      'You asked to use this address for your account. Confirm it with the link below (it works for 24 hours); until then, your account keeps its current address.',
  },
  changeAction: /*i18n*/ { id: 'email.account.change.action', message: 'Confirm the new address' },
  changeIgnore: /*i18n*/ { id: 'email.account.change.ignore', message: 'If it was not you, ignore this email: nothing changes.' },
  noticeSubject: /*i18n*/ { id: 'email.account.change_notice.subject', message: 'A change of your email address was requested' },
  noticeBody: /*i18n*/ {
    id: 'email.account.change_notice.body',
    message:
      'Someone signed in to your account asked to change its email address to {newEmail}. The change applies only once that address is confirmed. If it was you, there is nothing more to do.',
  },
  noticeCancel: /*i18n*/ {
    id: 'email.account.change_notice.cancel',
    message:
      'If it was not you, cancel the change with the link below: it works for 7 days, even after the new address is confirmed. Your account gets this address back, every session is signed out, and we send you a link to choose a new password. Until then, nobody else can use this address in our shop.',
  },
  noticeAction: /*i18n*/ { id: 'email.account.change_notice.action', message: 'Cancel the change' },
  noticeHelp: /*i18n*/ { id: 'email.account.change_notice.help', message: 'If you need help, contact us at {email} or {phone}.' },
  cancelledSubject: /*i18n*/ { id: 'email.account.change_cancelled.subject', message: 'Your email address is back: choose a new password' },
  cancelledBody: /*i18n*/ {
    id: 'email.account.change_cancelled.body',
    message:
      'The change of your email address was cancelled: your account uses {address} again and every session was signed out. Whoever asked for the change knew your password, so choose a new one with the link below (it works once, for one hour).',
  },
  cancelledAction: /*i18n*/ { id: 'email.account.change_cancelled.action', message: 'Choose a new password' },
  attemptSubject: /*i18n*/ { id: 'email.account.signup_attempt.subject', message: 'Someone tried to create an account with your address' },
  attemptBody: /*i18n*/ {
    id: 'email.account.signup_attempt.body',
    message:
      'Someone just tried to create a new account in our shop with this email address, which already has an account. Nothing was changed. If it was you, sign in instead; if you have forgotten your password, use "Forgot your password?" on the sign-in page below.',
  },
  attemptAction: /*i18n*/ { id: 'email.account.signup_attempt.action', message: 'Sign in or reset your password' },
  attemptIgnore: /*i18n*/ {
    id: 'email.account.signup_attempt.ignore',
    message: 'If it was not you, you can ignore this email: your account is safe.',
  },
  deletedSubject: /*i18n*/ { id: 'email.account.deleted.subject', message: 'Your account was deleted' },
  deletedBody: /*i18n*/ {
    id: 'email.account.deleted.body',
    message:
      'Your account and the personal data it held were deleted, as you asked. The orders you paid stay in our records, detached from any account, for as long as the law requires invoices to be kept. If it was not you, contact us at {email} or {phone}.',
  },
}

interface Person {
  name: string
  language: Language
}

type Descriptor = (typeof text)[keyof typeof text]

/** The greeting, one paragraph, the button, and what to do if the email was not asked for. */
function linkEmail(
  data: Person & { url: string },
  company: Company,
  texts: { subject: Descriptor; body: Descriptor; action: Descriptor; ignore: Descriptor },
): RenderedEmail {
  const t = translator(data.language)
  return composeEmail(data.language, company, t(texts.subject), {
    paragraphs: [paragraph(t, text.greeting, { name: data.name }), paragraph(t, texts.body)],
    action: { label: t(texts.action), url: data.url },
    notes: [paragraph(t, texts.ignore)],
  })
}

/** After sign-up: the link that proves the address is the customer's. */
export function renderVerifyEmail(data: Person & { url: string }, company: Company): RenderedEmail {
  return linkEmail(data, company, { subject: text.verifySubject, body: text.verifyBody, action: text.verifyAction, ignore: text.verifyIgnore })
}

/** To the new address of a change of email: the change applies when this link is opened. */
export function renderConfirmNewEmail(data: Person & { url: string }, company: Company): RenderedEmail {
  return linkEmail(data, company, { subject: text.changeSubject, body: text.changeBody, action: text.changeAction, ignore: text.changeIgnore })
}

/** To the current address when a change is asked for: its owner learns at once if it was not them. */
export function renderEmailChangeNotice(data: Person & { newEmail: string; cancelUrl: string }, company: Company): RenderedEmail {
  const t = translator(data.language)
  const values = { name: data.name, newEmail: data.newEmail, email: company.email, phone: company.phone }
  return composeEmail(data.language, company, t(text.noticeSubject), {
    paragraphs: [paragraph(t, text.greeting, values), paragraph(t, text.noticeBody, values), paragraph(t, text.noticeCancel)],
    action: { label: t(text.noticeAction), url: data.cancelUrl },
    notes: [paragraph(t, text.noticeHelp, values)],
  })
}

/** To the address a cancelled change gave back: the account is theirs again, and a new password is due. */
export function renderEmailChangeCancelled(data: Person & { address: string; url: string }, company: Company): RenderedEmail {
  const t = translator(data.language)
  const values = { name: data.name, address: data.address }
  return composeEmail(data.language, company, t(text.cancelledSubject), {
    paragraphs: [paragraph(t, text.greeting, values), paragraph(t, text.cancelledBody, values)],
    action: { label: t(text.cancelledAction), url: data.url },
  })
}

/** After the account is deleted: what went and what the law keeps. */
export function renderAccountDeleted(data: Person, company: Company): RenderedEmail {
  const t = translator(data.language)
  const values = { name: data.name, email: company.email, phone: company.phone }
  return composeEmail(data.language, company, t(text.deletedSubject), {
    paragraphs: [paragraph(t, text.greeting, values), paragraph(t, text.deletedBody, values)],
  })
}

/** To an address that has an account, when someone tries to sign up with it again. */
export function renderSignUpAttempt(data: Person & { url: string }, company: Company): RenderedEmail {
  return linkEmail(data, company, { subject: text.attemptSubject, body: text.attemptBody, action: text.attemptAction, ignore: text.attemptIgnore })
}
