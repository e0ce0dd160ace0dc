import { i18nOf } from '../i18n.ts'
import { escapeHtml } from './html.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import { palette } from '../../core/palette.ts'

// The frame of the shop's short emails (wholesale decisions, visitor messages): the company's
// name, paragraphs, an optional button, the company's footer. Inline styles: clients ignore <style>.

type Descriptor = { id: string; message: string }

export function translator(language: Language) {
  const i18n = i18nOf(language)
  return (message: Descriptor, values?: Record<string, unknown>) => i18n._(message.id, values, { message: message.message })
}

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
