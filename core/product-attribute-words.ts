import type { AttributeName, AttributeValue } from './product-attributes.ts'

// Apart from core/product-attributes.ts, which the pages load: only the database's schema (the
// search columns, server/db/schema/catalog.ts) and the tests read these.

/**
 * The words a search finds each value by, in each language (lower case; accents are ignored by the
 * search): the label a shopper reads, and the other words people type for it. A test holds them to
 * the labels.
 */
export const attributeSearchWords: { [A in AttributeName]: Record<AttributeValue<A>, { es: string; en: string }> } = {
  look: {
    marble: { es: 'mármol', en: 'marble' },
    wood: { es: 'madera', en: 'wood wooden' },
    stone: { es: 'piedra', en: 'stone' },
  },
  colour: {
    white: { es: 'blanco', en: 'white' },
    beige: { es: 'beige crema', en: 'beige cream' },
    grey: { es: 'gris', en: 'grey gray' },
    black: { es: 'negro', en: 'black' },
    brown: { es: 'marrón', en: 'brown' },
    gold: { es: 'dorado oro', en: 'gold golden' },
    green: { es: 'verde', en: 'green' },
    blue: { es: 'azul', en: 'blue' },
  },
  finish: {
    gloss: { es: 'brillo brillante', en: 'gloss glossy' },
    matte: { es: 'mate', en: 'matte matt' },
  },
  texture: {
    embossed: { es: 'relieve texturizado', en: 'embossed textured' },
    plain: { es: 'liso', en: 'plain smooth' },
  },
}
