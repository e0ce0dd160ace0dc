/** Advertised business figures (SPEC §1, §9). Real prices come from the catalog. */
export const advertisedFromPriceCents = 8000
export const advertisedWholesalePriceCents = 4000
