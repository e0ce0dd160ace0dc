import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { addSearchCatalog, type GeneratedPanel } from '../../tests/helpers/search-catalog.ts'
import { codeOf } from '../../tests/helpers/trpc-errors.ts'
import { callerAs } from '../../tests/helpers/users.ts'
import { searchLimits } from '../../core/search.ts'
import { attributeNames, type ProductAttributes } from '../../core/product-attributes.ts'
import { attributeSearchWords } from '../../core/product-attribute-words.ts'

// The shop's search (docs/product.md#search) on a catalog of 78 panels on sale: the seed's 13 and
// 65 made by a fixed generator (tests/helpers/search-catalog.ts), plus two drafts and an archived
// panel that would come first for "calacatta" if the search saw them. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL: both must answer the same.
let database: DatabaseHandle
let panels: GeneratedPanel[]
let hiddenSlugs: string[]
let anonymous: Awaited<ReturnType<typeof callerAs>>
const onSale = () => seedProducts.length + panels.length

beforeAll(async () => {
  database = await createTestDatabase()
  ;({ panels, hiddenSlugs } = await addSearchCatalog(database.db))
  anonymous = await callerAs(database.db, 'anonymous')
})
afterAll(() => database.close())

/** Every product a query finds, best first (all pages). */
async function found(q: string) {
  const all: Awaited<ReturnType<typeof anonymous.catalog.search>>['products'] = []
  for (let page = 1; ; page++) {
    const { products, total } = await anonymous.catalog.search({ q, page })
    all.push(...products)
    if (all.length >= total || products.length === 0) {
      expect(all).toHaveLength(total)
      return all
    }
  }
}
const slugs = async (q: string) => (await found(q)).map((product) => product.slug)
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
/** The words a search finds a product's attributes by (core/product-attributes.ts). */
const attributeWords = (product: ProductAttributes, language: 'es' | 'en') =>
  attributeNames
    .map((name) =>
      product[name] === null ? '' : (attributeSearchWords[name] as Record<string, { es: string; en: string }>)[product[name]]![language],
    )
    .join(' ')
const generated = (where: (panel: GeneratedPanel) => boolean) => panels.filter(where).map((panel) => panel.slug)

describe('catalog.search', () => {
  it('ignores accents and case, in the query and in the catalog', async () => {
    const marble = await slugs('mármol')
    expect(marble.length).toBeGreaterThanOrEqual(26)
    expect(await slugs('MARMOL')).toEqual(marble)
    expect(await slugs('Marmol')).toEqual(marble)
    expect(marble).toEqual(expect.arrayContaining(generated((panel) => panel.categorySlug === 'marmol')))
    // "Ónice" is written with an accent: found without one.
    expect(await slugs('onice')).toEqual(generated((panel) => panel.look.es === 'Ónice').sort((a, b) => marble.indexOf(a) - marble.indexOf(b)))
  })

  it('finds a word by its stem: "paneles" finds every panel, "robles" the oak ones', async () => {
    expect(await slugs('paneles')).toHaveLength(onSale())
    expect(await slugs('panel')).toHaveLength(onSale())
    const oak = generated((panel) => panel.look.es === 'Roble')
    expect(await slugs('robles')).toEqual(expect.arrayContaining([...oak, 'madera-roble-natural']))
  })

  it('finds English words on any page: "oak" finds the Roble panels, names first', async () => {
    const results = await found('oak')
    const expected = [...generated((panel) => panel.look.en === 'Oak'), 'madera-roble-natural']
    expect(results.map((product) => product.slug)).toEqual(expect.arrayContaining(expected))
    for (const product of results) expect(plain(`${product.nameEn} ${product.descriptionEn}`)).toMatch(/\boak/)
    const inName = results.map((product) => /\boak\b/i.test(product.nameEn))
    expect(inName.indexOf(false) === -1 || inName.lastIndexOf(true) < inName.indexOf(false)).toBe(true)
  })

  it('finds a product by its category although its own texts never name it', async () => {
    const wood = generated((panel) => panel.categorySlug === 'madera')
    for (const q of ['madera', 'wood']) {
      const results = await slugs(q)
      expect(results, q).toEqual(expect.arrayContaining(wood))
    }
  })

  it('asks for every word: "blanco brillo" finds the white gloss panels and nothing that lacks either', async () => {
    const results = await found('blanco brillo')
    expect(results.map((product) => product.slug)).toEqual(
      expect.arrayContaining(generated((panel) => panel.colour.es === 'Blanco' && panel.finish.es === 'Brillo')),
    )
    for (const product of results) {
      // What the owner said of it counts as much as what its texts say (a granite panel whose
      // description says "semibrillo" is a gloss panel).
      const text = plain(`${product.nameEs} ${product.descriptionEs} ${attributeWords(product, 'es')}`)
      expect(text, product.slug).toMatch(/\bblanc/)
      expect(text, product.slug).toMatch(/\bbrill/)
    }
    expect(await slugs('white gloss')).toEqual(
      expect.arrayContaining(generated((panel) => panel.colour.en === 'White' && panel.finish.en === 'Gloss')),
    )
  })

  it('finds a panel by what the owner says of it, in either language, even where its texts do not', async () => {
    // The generated panels' Spanish descriptions say "relieve"; "texturizado" and "textured" are only attribute words.
    const embossed = [...generated((panel) => panel.attributes.texture === 'embossed'), 'madera-roble-natural', 'piedra-pizarra-negra']
    expect((await slugs('texturizado')).sort()).toEqual([...embossed].sort())
    expect((await slugs('textured')).sort()).toEqual([...embossed].sort())
    expect(await slugs('glossy')).toEqual(
      expect.arrayContaining(['piedra-granito-gris', ...generated((panel) => panel.attributes.finish === 'gloss')]),
    )
    expect(await slugs('glossy')).not.toContain('madera-roble-natural')
  })

  it('forgives a small typo and puts the closest names first', async () => {
    const calacatta = ['marmol-calacatta-oro', ...generated((panel) => panel.look.es === 'Calacatta')]
    const results = await slugs('calacata')
    expect(results.slice(0, calacatta.length).sort()).toEqual(calacatta.sort())
    const travertine = ['marmol-travertino-beige', ...generated((panel) => panel.look.es === 'Travertino')]
    expect((await slugs('travertno')).slice(0, travertine.length).sort()).toEqual(travertine.sort())
    expect((await slugs('marmoll')).length).toBeGreaterThanOrEqual(26)
  })

  it('never shows a draft or an archived product', async () => {
    for (const q of ['calacatta', 'calacata', 'borrador', 'archivado', 'calacatta borrador']) {
      const results = await slugs(q)
      for (const slug of hiddenSlugs) expect(results, q).not.toContain(slug)
    }
    expect(await slugs('borrador')).toEqual([])
  })

  it('skips stop words, and a query of stop words alone finds nothing', async () => {
    // The same panels; only the closeness of the names, which counts every word, may order them apart.
    expect((await slugs('panel de mármol')).sort()).toEqual((await slugs('panel mármol')).sort())
    expect((await slugs('the oak')).sort()).toEqual((await slugs('oak')).sort())
    for (const q of ['de', 'the', 'de la', '', '   ', '¿?', 'мрамор']) expect(await slugs(q), q).toEqual([])
  })

  it('reads query syntax as plain words', async () => {
    expect(await slugs(`oak & !(grey) | ':* <->`)).toEqual(await slugs('oak grey'))
    expect(await slugs("l'oak")).toEqual(await slugs('l oak'))
  })

  it('pages the results, saying on each page how many there are', async () => {
    const first = await anonymous.catalog.search({ q: 'panel' })
    expect(first.total).toBe(onSale())
    expect(first.products).toHaveLength(searchLimits.perPage)
    const second = await anonymous.catalog.search({ q: 'panel', page: 2 })
    expect(second.products.map((p) => p.id)).not.toEqual(expect.arrayContaining([first.products[0]!.id]))
    const last = Math.ceil(onSale() / searchLimits.perPage)
    expect((await anonymous.catalog.search({ q: 'panel', page: last })).products).toHaveLength(onSale() - (last - 1) * searchLimits.perPage)
    expect(await anonymous.catalog.search({ q: 'panel', page: last + 1 })).toEqual({ products: [], total: onSale() })
    expect((await anonymous.catalog.search({ q: 'panel', limit: searchLimits.suggestions })).products).toHaveLength(searchLimits.suggestions)
  })

  it('prices the results for the caller: the wholesale price only for wholesale customers', async () => {
    const [anyone] = (await anonymous.catalog.search({ q: 'calacatta' })).products
    expect(anyone).not.toHaveProperty('priceWholesaleCents')
    const b2b = await callerAs(database.db, 'b2b')
    const [trade] = (await b2b.catalog.search({ q: 'calacatta' })).products
    expect(trade?.priceWholesaleCents).toBeGreaterThan(0)
  })

  it('refuses a page or a size beyond the limits and cuts a long query', async () => {
    expect(await codeOf(anonymous.catalog.search({ q: 'panel', page: 0 }))).toBe('BAD_REQUEST')
    expect(await codeOf(anonymous.catalog.search({ q: 'panel', page: searchLimits.pages + 1 }))).toBe('BAD_REQUEST')
    expect(await codeOf(anonymous.catalog.search({ q: 'panel', limit: 100 }))).toBe('BAD_REQUEST')
    expect((await anonymous.catalog.search({ q: `oak ${'x'.repeat(500)}` })).total).toBe(0)
    expect((await anonymous.catalog.search({ q: `oak ${'x'.repeat(500)}` })).products).toEqual([])
  })
})
