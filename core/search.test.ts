import { describe, expect, it } from 'vitest'
import { searchLimits, searchTerms } from './search.ts'
import { searchInput } from './search-input.ts'

describe('searchTerms', () => {
  it('drops accents, case and punctuation, as the database does with the catalog', () => {
    expect(searchTerms('  Mármol-BLANCO, ¿brillo?  ')).toEqual(['marmol', 'blanco', 'brillo'])
    expect(searchTerms('Diseño ÑANDÚ çà')).toEqual(['diseno', 'nandu', 'ca'])
  })

  it('keeps only letters and digits, so nothing typed is read as query syntax', () => {
    expect(searchTerms(`oak & !(grey) | 'x':* <-> "122x300"`)).toEqual(['oak', 'grey', 'x', '122x300'])
    expect(searchTerms('—…?! ')).toEqual([])
    expect(searchTerms('мрамор')).toEqual([])
  })

  it('looks for each word once and for a bounded number of words', () => {
    expect(searchTerms('panel Panel PANEL')).toEqual(['panel'])
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')
    expect(searchTerms(many)).toHaveLength(searchLimits.terms)
    expect(searchTerms('a'.repeat(90))[0]).toHaveLength(40)
  })
})

describe('searchInput', () => {
  it('cuts a long query instead of refusing it, and pages from 1', () => {
    const parsed = searchInput.parse({ q: `  ${'x'.repeat(300)} ` })
    expect(parsed).toEqual({ q: 'x'.repeat(searchLimits.query), page: 1, limit: searchLimits.perPage })
  })

  it('refuses a page or a size beyond the limits', () => {
    expect(searchInput.safeParse({ q: 'x', page: searchLimits.pages + 1 }).success).toBe(false)
    expect(searchInput.safeParse({ q: 'x', limit: searchLimits.perPage + 1 }).success).toBe(false)
    expect(searchInput.safeParse({ q: 'x', page: 0 }).success).toBe(false)
  })
})
