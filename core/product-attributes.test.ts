import { describe, expect, it } from 'vitest'
import { i18nFor } from './i18n/catalogs.ts'
import { attributeNameLabels, attributeValueLabels } from './product-attribute-labels.ts'
import { attributeChoices, attributeNames, productAttributes } from './product-attributes.ts'
import { attributeSearchWords } from './product-attribute-words.ts'

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

describe("a panel's attributes", () => {
  it('are found by the words shoppers read on the page, in both languages', () => {
    for (const language of ['es', 'en'] as const) {
      const i18n = i18nFor(language)
      for (const name of attributeNames) {
        expect(i18n._(attributeNameLabels[name])).not.toBe('')
        const words: Record<string, { es: string; en: string }> = attributeSearchWords[name]
        const labels: Record<string, { id: string }> = attributeValueLabels[name]
        for (const value of productAttributes[name]) {
          const label = plain(i18n._(labels[value]!))
          // The label is translated (not the id), and the search knows it by that word.
          expect(label, `${name}.${value}`).not.toContain('attribute.')
          expect(plain(words[value]![language]).split(' '), `${language} ${name}.${value}`).toContain(label)
        }
      }
    }
  })

  it("lists a product's set attributes in their order, leaving out those not set", () => {
    expect(attributeChoices({ look: 'marble', colour: null, finish: 'gloss', texture: null })).toEqual([
      { name: 'look', value: 'marble' },
      { name: 'finish', value: 'gloss' },
    ])
    expect(attributeChoices({ look: null, colour: null, finish: null, texture: null })).toEqual([])
  })
})
