/**
 * Whether the town a shopper wrote is one a postal code serves (docs/product.md#delivery), as
 * forgiving as people write: accents and case ("TORREVIEJA"), the article before or after
 * ("L'Alfàs del Pi", "Alfàs del Pi, l'") or left out, either of a double name ("Alicante/Alacant",
 * "Gasteiz / Vitoria"), a district or village of the municipality, a province added after it
 * ("Torrevieja (Alicante)", "Torrevieja, Alicante").
 */

// Articles in Spanish, Catalan/Valencian, Galician and Balearic, which a name may carry or not.
const article = /^(el|la|los|las|l|els|les|lo|o|a|os|as|es|sa|ses|s)\s+/
const trailingArticle = /^(.+),\s*(el|la|los|las|els|les|lo|o|a|os|as|es|sa|ses|l'|s')$/i
// GeoNames' qualifiers of a place, never a town's name.
const qualifiers = new Set([
  'urbanizacion',
  'urbanizaciones',
  'caserio',
  'diseminado',
  'diseminados',
  'partida',
  'poligono',
  'nucleo',
  'ayuntamiento',
])

/** A name as compared: no accents, case, punctuation or leading article ("L'Alfàs del Pi" → "alfas del pi"). */
export function foldTownName(name: string): string {
  const ordered = name.trim().replace(trailingArticle, '$2 $1')
  const folded = ordered
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
  return folded.replace(article, '')
}

/** The ways a name may be written: whole, each side of a "/", without and within its brackets. */
function spellings(name: string): string[] {
  const bracketed = [...name.matchAll(/\(([^)]*)\)/g)].map((match) => match[1] ?? '')
  const plain = name.replace(/\([^)]*\)/g, ' ')
  const names = [plain, ...plain.split('/'), ...bracketed.flatMap((inner) => inner.split('/'))]
  return names.map(foldTownName).filter((folded) => folded.length >= 2 && !qualifiers.has(folded))
}

/** One written name against one of the list's: equal (spaces aside), or one begins the other by whole words. */
function sameTown(typed: string, known: string): boolean {
  if (typed === known || typed.replaceAll(' ', '') === known.replaceAll(' ', '')) return true
  const [shorter, longer] = typed.length <= known.length ? [typed, known] : [known, typed]
  // "Castellón" for "Castellón de la Plana", "Torrevieja Alicante" for "Torrevieja"; never a bare "San".
  return shorter.length >= 4 && longer.startsWith(`${shorter} `)
}

/** True when `city` names one of `names` (the postal code's towns and places) in any of their writings. */
export function townMatches(city: string, names: readonly string[]): boolean {
  const typed = spellings(city)
  if (typed.length === 0) return false
  const known = names.flatMap(spellings)
  return typed.some((written) => known.some((name) => sameTown(written, name)))
}
