/** docs/product.md#catalog: cards animate in with a 0.1 s stagger. */
// Capped so the tenth card of a long grid does not wait a whole second.
export const staggerDelay = (index: number) => ({ animationDelay: `${(Math.min(index, 6) * 0.1).toFixed(1)}s` })
