import { describe, expect, it } from 'vitest'
import { wordsOf } from './language-check'

describe('wordsOf', () => {
  it('takes letters, with inner apostrophes and hyphens, as words', () => {
    expect(wordsOf('Añadir al carrito: d’Alicante, e-mail')).toEqual(['añadir', 'al', 'carrito', "d'alicante", 'e-mail'])
  })

  it('reads no word inside a code made of letters and digits (an order number, a reference)', () => {
    // A random order number such as this one once read as the English word "be".
    expect(wordsOf('Pagar ahora el pedido ORD-TEST-34d15be2-1e58-4f4d-a24e-5e7dd0e8fb94')).toEqual(['pagar', 'ahora', 'el', 'pedido'])
    expect(wordsOf('referencia 4271b0fb8b664180, lote A12')).toEqual(['referencia', 'lote'])
  })
})
