import { describe, expect, it } from 'vitest'
import { foldTownName, townMatches } from './town-names.ts'

describe('townMatches: the town a shopper writes against a postal code’s names', () => {
  it.each([
    ['Torrevieja', ['Torrevieja']],
    ['TORREVIEJA', ['Torrevieja']],
    ['torrevieja (Alicante)', ['Torrevieja']],
    ['Torrevieja, Alicante', ['Torrevieja']],
    ["L'Alfàs del Pi", ["L'Alfàs del Pi"]],
    ['Alfàs del Pi', ["L'Alfàs del Pi"]],
    ["Alfas del Pi, l'", ["L'Alfàs del Pi"]],
    ['Alacant', ['Alicante', 'Alicante/Alacant']],
    ['Alicante', ['Alicante/Alacant']],
    ['Vitoria', ['Gasteiz / Vitoria']],
    ['Vitoria-Gasteiz', ['Gasteiz / Vitoria', 'Vitoria-Gasteiz']],
    ['La Coruña', ['A Coruña']],
    ['Castellón', ['Castellón de la Plana/Castelló de la Plana']],
    ['Los Montesinos', ['Los Montesinos']],
    ['Montesinos', ['Los Montesinos']],
    ['Orihuela Costa', ['Orihuela', 'Florida, La (Orihuela-Costa) (Urbanizacion)']],
    ['Villamartín', ['Orihuela', 'Villamartin']],
  ])('%s is one of %j', (city, names) => {
    expect(townMatches(city, names)).toBe(true)
  })

  it.each([
    ['Las Palmas de Gran Canaria', ['Torrevieja']],
    ['Madrid', ['Torrevieja']],
    ['San', ['San Sebastián']],
    ['Urbanización', ['Florida, La (Urbanizacion)']],
    ['', ['Torrevieja']],
  ])('%s is not one of %j', (city, names) => {
    expect(townMatches(city, names)).toBe(false)
  })

  it('folds accents, case, punctuation and articles', () => {
    expect(foldTownName("Alfàs del Pi, l'")).toBe('alfas del pi')
    expect(foldTownName('A Coruña')).toBe('coruna')
    expect(foldTownName('  Sant Joan d’Alacant ')).toBe('sant joan d alacant')
  })
})
