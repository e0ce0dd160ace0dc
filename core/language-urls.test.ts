import { describe, expect, it } from 'vitest'
import { languageOfPath, localizedPath, localizedUrl, stripLanguagePrefix } from './language-urls.ts'

describe('language URLs', () => {
  it('reads the language from the path: /en and below is English, every other path Spanish', () => {
    expect(languageOfPath('/en/')).toBe('en')
    expect(languageOfPath('/en')).toBe('en')
    expect(languageOfPath('/en/product/marmol-carrara')).toBe('en')
    expect(languageOfPath('/')).toBe('es')
    expect(languageOfPath('/product/marmol-carrara')).toBe('es')
    // A Spanish path that merely starts with the letters "en" stays Spanish.
    expect(languageOfPath('/envios')).toBe('es')
  })

  it('gives the route path of a page in either language', () => {
    expect(stripLanguagePrefix('/en/')).toBe('/')
    expect(stripLanguagePrefix('/en')).toBe('/')
    expect(stripLanguagePrefix('/en/category/marmol')).toBe('/category/marmol')
    expect(stripLanguagePrefix('/category/marmol')).toBe('/category/marmol')
    expect(stripLanguagePrefix('/envios')).toBe('/envios')
  })

  it('builds a page path in a language, keeping the query and fragment, from a path in either language', () => {
    expect(localizedPath('/', 'en')).toBe('/en/')
    expect(localizedPath('/', 'es')).toBe('/')
    expect(localizedPath('/shop?category=marmol#top', 'en')).toBe('/en/shop?category=marmol#top')
    expect(localizedPath('/?x=1', 'en')).toBe('/en/?x=1')
    expect(localizedPath('/en/faq', 'es')).toBe('/faq')
    expect(localizedPath('/en/?x=1', 'es')).toBe('/?x=1')
    expect(localizedPath('/en/faq', 'en')).toBe('/en/faq')
  })

  it('builds absolute URLs on the public origin', () => {
    expect(localizedUrl('https://shop.example', '/product/panel-1', 'en')).toBe('https://shop.example/en/product/panel-1')
    expect(localizedUrl('https://shop.example', '/', 'es')).toBe('https://shop.example/')
  })
})
