import type { ProductView } from '../../lib/trpc.ts'
import { ProductCard } from './ProductCard.tsx'
import * as styles from './ProductGrid.css.ts'

interface Props {
  products: readonly ProductView[]
  headingLevel?: 'h2' | 'h3'
  /** The grid opens the page: the first picture is the LCP, loaded first (its route preloads it: firstCardPreload). */
  leadsPage?: boolean
}

/** Product cards in a responsive grid (1, 2 or 3 columns, imageSizes.card), animating in one after another. */
export function ProductGrid({ products, headingLevel, leadsPage = false }: Props) {
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} index={index} priority={leadsPage && index === 0} {...(headingLevel ? { headingLevel } : {})} />
        </li>
      ))}
    </ul>
  )
}
