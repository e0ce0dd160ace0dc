/**
 * The VERI*FACTU page's code (its records table, filters and loader, its downloads), downloaded once
 * for the route's component and its loader: the route's definition is in every page's first
 * download, the page's code is not.
 */
export const verifactuCode = () => import('../AdminVerifactu.tsx')
