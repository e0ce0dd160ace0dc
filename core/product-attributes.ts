// A panel's attributes (docs/product.md#filters): what the owner says of each product in its form
// and what shoppers filter the shop by. Fixed vocabularies, so that one filter finds every marble
// panel whatever the owner typed; their labels live in the Lingui catalogs (core/product-attribute-labels.ts)
// and the words the search finds them by in core/product-attribute-words.ts. A product may leave one
// unset: it is then found by no value of that filter.

export const productAttributes = {
  look: ['marble', 'wood', 'stone'],
  colour: ['white', 'beige', 'grey', 'black', 'brown', 'gold', 'green', 'blue'],
  finish: ['gloss', 'matte'],
  texture: ['embossed', 'plain'],
} as const

export type AttributeName = keyof typeof productAttributes
export type AttributeValue<A extends AttributeName = AttributeName> = (typeof productAttributes)[A][number]

/** The attributes in the order the product form, the product page and the filters show them. */
export const attributeNames = Object.keys(productAttributes) as AttributeName[]

/** A product's attributes, each a value of its vocabulary or null (not set). */
export type ProductAttributes = { [A in AttributeName]: AttributeValue<A> | null }

/** One value of one attribute: a line of a product's specifications, a checkbox of the filters, a chip of the chosen ones. */
export type AttributeChoice = { [A in AttributeName]: { name: A; value: AttributeValue<A> } }[AttributeName]

/** The attributes a product has, in their order (those not set left out). */
export function attributeChoices(product: ProductAttributes): AttributeChoice[] {
  const choices: (AttributeChoice | null)[] = [
    product.look && { name: 'look', value: product.look },
    product.colour && { name: 'colour', value: product.colour },
    product.finish && { name: 'finish', value: product.finish },
    product.texture && { name: 'texture', value: product.texture },
  ]
  return choices.filter((choice) => choice !== null)
}

export const noAttributes: ProductAttributes = { look: null, colour: null, finish: null, texture: null }

export function isAttributeValue<A extends AttributeName>(name: A, value: unknown): value is AttributeValue<A> {
  return typeof value === 'string' && (productAttributes[name] as readonly string[]).includes(value)
}
