import { i18nOf } from '../i18n.ts'
import { escapeHtml } from './html.ts'
import type { RenderedEmail } from './order-confirmation.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import { palette } from '../../core/palette.ts'

// The frame of the shop's short emails (accounts, passwords, the catalog, wholesale decisions,
// visitor messages): the company's name, paragraphs, an optional button, the company's footer.
// Inline styles: clients ignore <style>.

type Descriptor = { id: string; message: string }

export function translator(language: Language) {
  const i18n = i18nOf(language)
  return (message: Descriptor, values?: Record<string, unknown>) => oneFinalPeriod(i18n._(message.id, values, { message: message.message }), values)
}

/**
 * A value that ends in its own period ("Reformas Costa S.L.") ends the sentence with it: the
 * message's period after it is dropped, never "S.L..".
 */
export function oneFinalPeriod(text: string, values: Record<string, unknown> = {}): string {
  let result = text
  for (const value of Object.values(values)) {
    if (typeof value === 'string' && /[^.]\.$/.test(value)) result = result.split(`${value}.`).join(value)
  }
  return result
}

type Translate = ReturnType<typeof translator>

/** Escapes every value before it is placed into a translated HTML sentence. */
export const escaped = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]))

export function emailDocument(
  language: Language,
  company: Pick<Company, 'name' | 'legalName' | 'email' | 'phone'>,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): string {
  const link = !action
    ? ''
    : `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${palette.accent};color:${palette.onAccent};padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>`,
    `<div style="font-family:Helvetica,Arial,sans-serif;color:${palette.text};max-width:600px;margin:0 auto">`,
    `<h1 style="font-family:Georgia,serif;font-weight:600">${escapeHtml(company.name)}</h1>`,
    ...paragraphs.map((p) => `<p>${p}</p>`),
    link,
    `<p style="color:${palette.textMuted};font-size:13px">${escapeHtml(`${company.legalName} · ${company.email} · ${company.phone}`)}</p>`,
    `</div></body></html>`,
  ].join('')
}

/** One paragraph of both parts of an email. */
export interface Paragraph {
  html: string
  text: string
}

/** A translated paragraph: its values escaped in the HTML part, as they are in the text part. */
export function paragraph(t: Translate, message: Descriptor, values?: Record<string, string>): Paragraph {
  return values ? { html: t(message, escaped(values)), text: t(message, values) } : { html: t(message), text: t(message) }
}

/**
 * Both parts of a short email. The HTML part: the paragraphs, the notes, the button. The text part,
 * one block each: the paragraphs, the button's link (its URL alone, or after its label), the notes
 * and the signature (the HTML part's footer names the company already).
 */
export function composeEmail(
  language: Language,
  company: Pick<Company, 'name' | 'legalName' | 'email' | 'phone'>,
  subject: string,
  content: {
    paragraphs: Paragraph[]
    action?: { label: string; url: string }
    linkInText?: 'url' | 'labelled'
    notes?: Paragraph[]
    signature?: string
  },
): RenderedEmail {
  const { paragraphs, action, notes = [] } = content
  const html = emailDocument(
    language,
    company,
    subject,
    [...paragraphs, ...notes].map((p) => p.html),
    action,
  )
  const link = !action ? [] : [content.linkInText === 'labelled' ? `${action.label}: ${action.url}` : action.url]
  const text = [
    ...paragraphs.map((p) => p.text),
    ...link,
    ...notes.map((p) => p.text),
    ...(content.signature === undefined ? [] : [content.signature]),
  ]
  return { subject, html, text: text.join('\n\n') }
}
