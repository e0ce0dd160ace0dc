// The admin's paged lists (orders, products, visitors' messages: docs/product.md#owner,
// docs/product.md#fulfilment, docs/product.md#forms), one rule for the server that pages them and
// the screens that read their pages from the URL.

/** How many rows one page of an admin list holds. */
export const adminPageSize = 25

/** The highest page number an admin list is asked for: the procedures refuse more, the URLs' page is dropped above it. */
export const adminPageMax = 100_000
