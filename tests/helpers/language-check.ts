import { Parser } from 'htmlparser2'
import type { Messages } from '@lingui/core'
import type { Language } from '../../core/language.ts'
import { messages as englishCatalog } from '../../core/i18n/locales/en.ts'
import { messages as spanishCatalog } from '../../core/i18n/locales/es.ts'

// The language test's reader (tests/integration/language.test.ts): what a page or an email shows,
// and what in it belongs to the other language, judged from the compiled catalogs themselves.

/**
 * Texts that may appear in either language, each with why. They are taken out of a text before it
 * is judged. Keep the list short: a text of the shop's own belongs in the catalogs.
 */
export const allowList: ReadonlyArray<{ text: string; reason: string }> = [
  { text: 'Factura verificable en la sede electrónica de la AEAT', reason: 'the law’s own words on every invoice (Orden HAC/1177/2024 art. 20)' },
  { text: 'QR tributario', reason: 'the law’s own words on every invoice (the AEAT’s QR document §3)' },
  { text: 'Paneles Decorativos Torrevieja S.L.', reason: 'the company’s legal name (core/company.ts sampleCompany)' },
  { text: 'Paneles Torrevieja', reason: 'the company’s trade name, a proper name' },
  { text: 'Calle Ramón Gallud, 112', reason: 'the showroom’s street, an address' },
  { text: 'Calle Mayor 12', reason: 'the sample buyer’s street, an address' },
  { text: 'Lucía Pérez', reason: 'the sample buyer’s name, a proper name' },
  { text: 'Reformas Costa S.L.', reason: 'the sample wholesale customer’s company, a proper name' },
  { text: 'EN', reason: 'the language toggle’s code for English, on the English page (src/components/layout/LanguageToggle.tsx)' },
]

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** The allowed texts, each as a whole (never a part of a longer word). */
const allowed = new RegExp(allowList.map(({ text }) => `(?<![\\p{L}\\d])${escapeRegExp(text)}(?![\\p{L}\\d])`).join('|'), 'gu')

type Compiled = Messages[string]

/** The literal runs of a compiled message (its placeholders cut it), plural branches included. */
function literalRuns(message: Compiled): string[] {
  const runs: string[] = []
  let current = ''
  const walk = (part: unknown): void => {
    if (typeof part === 'string') {
      current += part
      return
    }
    if (!Array.isArray(part)) return
    // A placeholder (`[name]`, `[name, 'plural', {…}]`): it ends the run; its branches are runs of their own.
    if (part.length > 0 && typeof part[0] === 'string' && part !== message) {
      runs.push(current)
      current = ''
      const branches: unknown = part[2]
      if (branches && typeof branches === 'object') {
        for (const branch of Object.values(branches)) {
          walk(Array.isArray(branch) ? branch : [branch])
          runs.push(current)
          current = ''
        }
      }
      return
    }
    for (const inner of part) walk(inner)
  }
  if (typeof message === 'string') return [message]
  for (const part of message) walk(part)
  runs.push(current)
  return runs
}

/**
 * Lowercased words: letters, with inner apostrophes and hyphens. A run that holds a digit is a code
 * (an order number, a reference), not words: its letters are random and may spell one by chance.
 */
export function wordsOf(text: string): string[] {
  const runs = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []
  return runs.filter((run) => !/\p{N}/u.test(run)).map((w) => w.replace(/’/g, "'"))
}

const trigramsOf = (words: readonly string[]) => words.slice(2).map((_, i) => `${words[i]} ${words[i + 1]} ${words[i + 2]}`)

interface Vocabulary {
  words: Set<string>
  trigrams: Set<string>
}

function vocabularyOf(catalog: Messages): Vocabulary {
  const words = new Set<string>()
  const trigrams = new Set<string>()
  for (const message of Object.values(catalog)) {
    for (const run of literalRuns(message)) {
      // Tags (`<0>…</0>`) are not words.
      const runWords = wordsOf(run.replace(/<\/?\d+\/?>/g, ' '))
      for (const word of runWords) words.add(word)
      for (const trigram of trigramsOf(runWords)) trigrams.add(trigram)
    }
  }
  return { words, trigrams }
}

const vocabularies: Record<Language, Vocabulary> = { en: vocabularyOf(englishCatalog), es: vocabularyOf(spanishCatalog) }

/** What only the other language's catalog says: its words and three-word runs that this language's catalog never uses. */
function foreignTo(language: Language) {
  const own = vocabularies[language]
  const other = vocabularies[language === 'en' ? 'es' : 'en']
  return {
    words: new Set([...other.words].filter((w) => !own.words.has(w))),
    trigrams: new Set([...other.trigrams].filter((t) => !own.trigrams.has(t))),
  }
}
const foreign: Record<Language, ReturnType<typeof foreignTo>> = { en: foreignTo('en'), es: foreignTo('es') }

/** Numbers, amounts and punctuation written in the other language's style. */
const styleRules: Record<Language, ReadonlyArray<[RegExp, string]>> = {
  en: [
    [/\d\s+%/u, 'a space before % (English writes 10%)'],
    [/\d\s*€/u, 'the euro sign after the amount (English writes €80.00)'],
    [/\d,\d\d(?!\d)\s*€|\d\.\d{3},\d/u, 'a decimal comma (English writes 1,234.56)'],
  ],
  es: [
    [/\d%/u, 'no space before % (Spanish writes 10 % with a no-break space)'],
    [/\d [%€]/u, 'a breaking space before % or € (Spanish puts a no-break space)'],
    [/€\s*\d/u, 'the euro sign before the amount (Spanish writes 80,00 €)'],
    [/\d,\d{3}\.\d/u, 'a decimal point (Spanish writes 1.234,56)'],
  ],
}

/**
 * What is wrong in `texts` read as `language`: each finding names the text it was found in.
 * `style: false` leaves out the checks of numbers and punctuation (for text whose spacing is lost).
 */
export function languageFindings(texts: readonly string[], language: Language, options: { style?: boolean } = {}): string[] {
  const findings: string[] = []
  const { words, trigrams } = foreign[language]
  for (const raw of texts) {
    // Web and email addresses and the shop's own paths are addresses, in no language.
    const text = raw.replace(/\bhttps?:\/\/\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<!\S)\/[\w./-]*/g, ' ').replace(allowed, ' ')
    const quoted = JSON.stringify(raw.length > 160 ? `${raw.slice(0, 160)}…` : raw)
    const runWords = wordsOf(text)
    // A single letter (an initial, "S.L.") says nothing of a language.
    const strayWords = [...new Set(runWords.filter((w) => w.length > 1 && words.has(w)))]
    if (strayWords.length > 0) findings.push(`words of the other language (${strayWords.join(', ')}) in ${quoted}`)
    const strayRuns = trigramsOf(runWords).filter((t) => trigrams.has(t))
    if (strayRuns.length > 0 && strayWords.length === 0) findings.push(`a phrase of the other language (“${strayRuns[0]}”) in ${quoted}`)
    if (options.style === false) continue
    for (const [rule, why] of styleRules[language]) if (rule.test(text)) findings.push(`${why}: ${quoted}`)
    if (/(?<!\.)\.\.(?!\.)/.test(text)) findings.push(`a doubled period: ${quoted}`)
  }
  return findings
}

// Elements whose content no reader sees as text.
const unseen = new Set(['script', 'style', 'template'])
// Attributes a reader sees or hears.
const readAttributes = ['alt', 'title', 'placeholder', 'aria-label', 'aria-description']

/**
 * The texts a reader of an HTML document in `language` sees or hears: its text runs between tags,
 * its title, description and labels. An element marked as in the other language (`lang="en"` on a
 * Spanish page: the language toggle, a product's English name in the admin) is read as such, so
 * it is left out.
 */
export function visibleTexts(html: string, language: Language): string[] {
  const texts: string[] = []
  let hiddenDepth = 0
  // For each open element: whether it hides its content (unseen, or in the other language).
  const hides: boolean[] = []
  let run = ''
  const flush = () => {
    const text = run.replace(/\s+/g, (space) => (space.includes('\u00a0') ? '\u00a0' : ' ')).trim()
    if (text) texts.push(text)
    run = ''
  }
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush()
        const hidden = unseen.has(name) || (attributes.lang !== undefined && attributes.lang.slice(0, 2) !== language)
        hides.push(hidden)
        if (hidden) hiddenDepth++
        if (hiddenDepth > 0) return
        for (const attribute of readAttributes) if (attributes[attribute]) texts.push(attributes[attribute])
        if (name === 'meta' && (attributes.name === 'description' || attributes.property === 'og:title')) texts.push(attributes.content ?? '')
      },
      ontext(text) {
        if (hiddenDepth === 0) run += text
      },
      onclosetag() {
        flush()
        if (hides.pop()) hiddenDepth--
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  flush()
  return texts.filter((text) => text.length > 0)
}
