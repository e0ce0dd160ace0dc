import { describe, expect, it } from 'vitest'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { publicPages } from '../helpers/constants.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { searchLimits } from '../../core/search.ts'

// The search's pages as the server renders them (docs/product.md#search): what a visitor without
// JavaScript gets, a GET form and its results, in both languages, and the header's way to it on
// every page.
const t = sharedTestApp({ pages: true })

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url })
  expect(res.statusCode, url).toBe(200)
  return res.body
}
const cards = (html: string) => [...html.matchAll(/href="((?:\/en)?\/product\/[a-z0-9-]+)"/g)].map((match) => match[1])

describe('the search page', () => {
  it('lists what a query finds, in its form and its count, not for search engines', async () => {
    const html = await page('/search?q=Calacata')
    expect(html).toMatch(/<form[^>]*role="search"[^>]*action="\/search"[^>]*method="get"|<form[^>]*action="\/search"[^>]*method="get"/)
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="Calacata"|<input[^>]*value="Calacata"[^>]*name="q"/)
    expect(html).toContain('Resultados de «Calacata»')
    expect(html).toContain('1 panel encontrado')
    expect(cards(html)).toContain('/product/marmol-calacatta-oro')
    expect(html).toContain('<meta name="robots" content="noindex"')
    expect(html).toContain('<title>Búsqueda: Calacata |')
  })

  it('finds English words on the English page, under English addresses', async () => {
    const html = await page('/en/search?q=oak')
    expect(html).toContain('Results for “oak”')
    expect(html).toContain('Natural Oak Wood Panel')
    expect(cards(html)).toContain('/en/product/madera-roble-natural')
    expect(html).toMatch(/action="\/en\/search"/)
  })

  it('says when nothing is found and offers the categories', async () => {
    const html = await page('/search?q=zzzzqqq')
    expect(html).toContain('No hemos encontrado ningún panel para «zzzzqqq»')
    expect(html).toContain('href="/category/marmol"')
    expect(cards(html)).toEqual([])
  })

  it('asks for a query when none is given, and keeps a pasted one within bounds', async () => {
    const empty = await page('/search')
    expect(empty).toContain('Escriba un nombre, un aspecto, un color o un acabado')
    // A pasted paragraph: sent on to the same search cut to its first characters.
    const cut = 'panel '.repeat(60).slice(0, searchLimits.query).trim()
    const long = await t.app.inject({ method: 'GET', url: `/search?q=${encodeURIComponent('panel '.repeat(60))}` })
    expect(long.statusCode).toBe(308)
    expect(new URL(String(long.headers.location), 'http://shop').searchParams.get('q')).toBe(cut)
    expect(await page(String(long.headers.location))).toContain(`value="${cut}"`)
  })

  it('pages the results with links that work without JavaScript', async () => {
    const first = await page('/search?q=panel')
    expect(first).toContain('13 paneles encontrados')
    // The seed's 13 panels fit in one page of 24 (catalog-search.test.ts pages 78).
    expect(first).not.toContain('rel="next"')
    const beyond = await page('/search?q=panel&page=2')
    expect(beyond).toContain('No hay más resultados.')
    expect(beyond).toContain('href="/search?q=panel"')
  })

  it.each(['es', 'en'] as const)('puts the search in the header of every page, in %s', async (language) => {
    for (const path of publicPages) {
      const html = await page(localizedPath(path, language))
      expect(html, path).toContain(`href="${localizedPath('/search', language)}"`)
      expect(html, path).toContain(language === 'es' ? 'aria-label="Buscar"' : 'aria-label="Search"')
    }
  })
})
