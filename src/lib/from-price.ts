/**
 * The shop's "desde" (docs/product.md#prices): the lowest of its categories' cheapest panels for the
 * reader (`catalog.categories` prices each for the caller), null when nothing is on sale. A price
 * the shop states is always one a panel has.
 */
export function lowestFromCents(categories: ReadonlyArray<{ fromCents: number | null }>): number | null {
  const prices = categories.flatMap((category) => (category.fromCents === null ? [] : [category.fromCents]))
  return prices.length === 0 ? null : Math.min(...prices)
}
