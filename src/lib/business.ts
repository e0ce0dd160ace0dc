/** Advertised business figures (docs/product.md#prices). Real prices come from the catalog. */
export const advertisedFromPriceCents = 8000
export const advertisedWholesalePriceCents = 4000
