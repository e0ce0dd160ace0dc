import { dictionary } from '@zxcvbn-ts/language-common'

// ASVS 2.1.7 (docs/decisions/013): passwords from a list of common and breached ones are refused.
// The list (zxcvbn-ts's 49,233 most common passwords) works offline and stays on the server: in the
// page it would cost more than the whole first view.
let common: Set<string> | undefined

/** Whether a password is on the common list (any letter case) or one character repeated. */
export function isWeakPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()))
  return common.has(password.toLowerCase()) || new Set(password).size === 1
}

/** Lower case, without accents, letters and digits only: a word as it hides in a password. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/** Shorter words sit inside too many good passwords ("ana" in "banana") to refuse them. */
const shortestContextWord = 4

/**
 * Whether a password holds a word a guesser tries first against this account (ASVS 5.0 6.2.11):
 * the account's email local part and name, the shop's own name and city. Each source counts whole
 * and word by word, in any case and with or without accents ("Torrevieja2026", "PanelesTorrevieja").
 */
export function containsContextWord(password: string, sources: ReadonlyArray<string>): boolean {
  const haystack = folded(password)
  // Each source whole, and its words of letters (a word with digits in it, like a random id's part,
  // would refuse passwords that merely share a few characters with it).
  const words = sources.flatMap((source) => [source, ...source.split(/[^\p{L}\p{N}]+/u).filter((word) => !/\p{N}/u.test(word))].map(folded))
  return words.some((word) => word.length >= shortestContextWord && haystack.includes(word))
}
