/**
 * The order screens' code (pages.ts), downloaded once for both routes: each route's definition is
 * in every page's first download, so they share this one import.
 */
export const ordersCode = () => import('./pages.ts')
