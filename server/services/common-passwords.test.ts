import { describe, expect, it } from 'vitest'
import { containsContextWord, isWeakPassword } from './common-passwords.ts'

const shop = ['Paneles Torrevieja', 'Torrevieja']

describe('passwords a guesser tries first', () => {
  it('finds the shop’s and the account’s words, whole or one by one, in any case and without accents', () => {
    expect(containsContextWord('PanelesTorrevieja', shop)).toBe(true)
    expect(containsContextWord('torrevieja2026', shop)).toBe(true)
    expect(containsContextWord('mi-casa-en-TORREVIEJA', shop)).toBe(true)
    expect(containsContextWord('ferrandiz!!2026', [...shop, 'marisol.ferrandiz', 'Marisol Ferrándiz'])).toBe(true)
    expect(containsContextWord('juan1985juan1985', [...shop, 'juan1985'])).toBe(true)
  })

  it('leaves words shorter than four letters and the letters and digits of a random id alone', () => {
    expect(containsContextWord('banana-sobre-azulejo', [...shop, 'ana', 'Ana Gil'])).toBe(false)
    const id = '3f2a9c1e-4b1c-4d2e-beef-0a1b2c3d4e5f'
    expect(containsContextWord('4b1c-is-not-her-name', [...shop, `lucia-${id}`])).toBe(false)
    expect(containsContextWord(`lucia-${id}`, [...shop, `lucia-${id}`])).toBe(true)
  })

  it('keeps the common-password list and repeated characters', () => {
    expect(isWeakPassword('password1')).toBe(true)
    expect(isWeakPassword('zzzzzzzz')).toBe(true)
    expect(isWeakPassword('violeta-sobre-azulejo')).toBe(false)
  })
})
