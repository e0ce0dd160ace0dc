import { describe, expect, it } from 'vitest'
import { defaultParseSearch } from '@tanstack/react-router'
import { stringifySearch } from './search-params.ts'

describe("the router's search strings", () => {
  it('writes a list as one key per value, as a GET form does, and reads it back', () => {
    const text = stringifySearch({ category: 'marmol', look: ['marble', 'wood'], max: 100 })
    expect(text).toBe('?category=marmol&look=marble&look=wood&max=100')
    expect(defaultParseSearch(text)).toEqual({ category: 'marmol', look: ['marble', 'wood'], max: 100 })
  })

  it('writes everything else as before, and nothing for an empty search', () => {
    expect(stringifySearch({})).toBe('')
    expect(stringifySearch({ q: 'blanco brillo', page: 2, open: undefined })).toBe('?q=blanco+brillo&page=2')
  })
})
