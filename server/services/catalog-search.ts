import { sql, type SQL } from 'drizzle-orm'
import { categories, products } from '../db/schema/index.ts'

// The search's SQL (docs/decisions/035) over the generated columns of products and categories
// (server/db/schema/catalog.ts): full-text search in Spanish and English stems, accents ignored,
// every word a prefix (so "brill" and "brillo" find "brillante", and suggestions work as one
// types), and a trigram match against the names for a word with a typo ("calacata"). The terms come from
// core/search.ts `searchTerms`: letters and digits only, and passed as parameters all the same.

/** Shorter words are not forgiven a typo: "oak" is a trigram away from too many words. */
const typoFrom = 4

const spanishQuery = (text: string) => sql`to_tsquery('spanish', ${text})`
const englishQuery = (text: string) => sql`to_tsquery('english', ${text})`
const prefixes = (terms: string[], operator: '&' | '|') => terms.map((term) => `${term}:*`).join(` ${operator} `)

/**
 * One word of the query: found in a product's or its category's texts in either language, or
 * nearly in their names (a typo). A stop word of either language ("de", "the") asks nothing: "panel de mármol"
 * finds what "panel mármol" finds.
 */
function termFound(term: string): SQL {
  const es = spanishQuery(prefixes([term], '&'))
  const en = englishQuery(prefixes([term], '&'))
  const typo = term.length >= typoFrom ? sql` or ${term} <<% ${products.searchText} or ${term} <<% ${categories.searchText}` : sql``
  return sql`(numnode(${es}) = 0 or numnode(${en}) = 0
    or ${products.searchEs} @@ ${es} or ${products.searchEn} @@ ${en}
    or ${categories.searchEs} @@ ${es} or ${categories.searchEn} @@ ${en}${typo})`
}

/**
 * What a product must match to be found by `terms` (non-empty): every word, and at least one that
 * is not a stop word (a query of stop words alone finds nothing rather than everything).
 */
export function searchMatch(terms: string[]): SQL {
  const all = prefixes(terms, '&')
  return sql.join([sql`numnode(${spanishQuery(all)}) > 0 and numnode(${englishQuery(all)}) > 0`, ...terms.map(termFound)], sql` and `)
}

/**
 * How well a product answers `terms`: the full-text rank in both languages (a name weighs most,
 * then the category, then the description) plus how closely its names hold the query's words,
 * which puts "Calacatta" first for "calacata" although no stem matches it.
 */
export function searchRank(terms: string[]): SQL {
  const any = prefixes(terms, '|')
  const words = terms.join(' ')
  return sql`(ts_rank(${products.searchEs} || ${categories.searchEs}, ${spanishQuery(any)})
    + ts_rank(${products.searchEn} || ${categories.searchEn}, ${englishQuery(any)})
    + greatest(word_similarity(${words}, lower(shop_unaccent(${products.nameEs}))), word_similarity(${words}, lower(shop_unaccent(${products.nameEn})))))`
}
