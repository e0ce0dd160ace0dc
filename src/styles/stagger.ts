/** SPEC §2: cards animate in with a 0.1 s stagger. */
export const staggerDelay = (index: number) => ({ animationDelay: `${(index * 0.1).toFixed(1)}s` })
