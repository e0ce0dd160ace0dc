/**
 * Served zones' exceptions, by the first two digits of the postal code: the Canary Islands (35, 38)
 * pay IGIC and Ceuta (51) and Melilla (52) pay IPSI instead of VAT, so the shop quotes them by hand.
 * The Balearic Islands (07) are served. Kept apart from the province table, which a page's structured
 * data does not need.
 */
export const unservedPostalCodePrefixes: readonly string[] = ['35', '38', '51', '52']
