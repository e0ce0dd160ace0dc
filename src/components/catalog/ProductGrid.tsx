import type { ProductView } from '../../lib/trpc.ts'
import { ProductCard } from './ProductCard.tsx'
import * as styles from './ProductGrid.css.ts'

/** Product cards in a responsive grid (1, 2 or 3 columns), animating in one after another. */
export function ProductGrid({ products, headingLevel }: { products: readonly ProductView[]; headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} index={index} {...(headingLevel ? { headingLevel } : {})} />
        </li>
      ))}
    </ul>
  )
}
