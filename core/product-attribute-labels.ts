import type { AttributeName, AttributeValue } from './product-attributes.ts'
import type { CatalogSort } from './catalog-filters.ts'

// A panel's attributes in words (docs/product.md#filters), one place for the product form, the
// product page and the shop's filters: ids and English sources here, Spanish in the catalogs.
// core/product-attributes.test.ts holds the search's words to these labels.

type Label = { id: string; message: string }

export const attributeNameLabels = {
  look: /*i18n*/ { id: 'attribute.look', message: 'Look' },
  colour: /*i18n*/ { id: 'attribute.colour', message: 'Colour' },
  finish: /*i18n*/ { id: 'attribute.finish', message: 'Finish' },
  texture: /*i18n*/ { id: 'attribute.texture', message: 'Texture' },
} as const satisfies Record<AttributeName, Label>

export const attributeValueLabels: { [A in AttributeName]: Record<AttributeValue<A>, Label> } = {
  look: {
    marble: /*i18n*/ { id: 'attribute.look.marble', message: 'Marble' },
    wood: /*i18n*/ { id: 'attribute.look.wood', message: 'Wood' },
    stone: /*i18n*/ { id: 'attribute.look.stone', message: 'Stone' },
  },
  colour: {
    white: /*i18n*/ { id: 'attribute.colour.white', message: 'White' },
    beige: /*i18n*/ { id: 'attribute.colour.beige', message: 'Beige' },
    grey: /*i18n*/ { id: 'attribute.colour.grey', message: 'Grey' },
    black: /*i18n*/ { id: 'attribute.colour.black', message: 'Black' },
    brown: /*i18n*/ { id: 'attribute.colour.brown', message: 'Brown' },
    gold: /*i18n*/ { id: 'attribute.colour.gold', message: 'Gold' },
    green: /*i18n*/ { id: 'attribute.colour.green', message: 'Green' },
    blue: /*i18n*/ { id: 'attribute.colour.blue', message: 'Blue' },
  },
  finish: {
    gloss: /*i18n*/ { id: 'attribute.finish.gloss', message: 'Gloss' },
    matte: /*i18n*/ { id: 'attribute.finish.matte', message: 'Matte' },
  },
  texture: {
    embossed: /*i18n*/ { id: 'attribute.texture.embossed', message: 'Embossed' },
    plain: /*i18n*/ { id: 'attribute.texture.plain', message: 'Plain' },
  },
}

/** One value's label, whatever the attribute. */
export function attributeValueLabel<A extends AttributeName>(name: A, value: AttributeValue<A>): Label {
  return attributeValueLabels[name][value]
}

export const catalogSortLabels = {
  featured: /*i18n*/ { id: 'catalog.sort.featured', message: 'Featured' },
  'price-asc': /*i18n*/ { id: 'catalog.sort.price-asc', message: 'Price, low to high' },
  'price-desc': /*i18n*/ { id: 'catalog.sort.price-desc', message: 'Price, high to low' },
  newest: /*i18n*/ { id: 'catalog.sort.newest', message: 'Newest' },
} as const satisfies Record<CatalogSort, Label>
