import { Plural, Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { pick } from '../../lib/format.ts'
import { formatEuros } from '../../../core/money.ts'
import type { ProductView } from '../../lib/trpc.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { reveal, revealWithoutFade } from '../../styles/reveal.css.ts'
import { staggerDelay } from '../../styles/stagger.ts'
import { PricePerPanel } from './Price.tsx'
import { imageSizes } from '../../lib/images.ts'
import { ProductImage } from './ProductImage.tsx'
import * as styles from './ProductCard.css.ts'

interface Props {
  product: ProductView
  index: number
  headingLevel?: 'h2' | 'h3'
  /** The first card of a list page: its picture is the page's LCP (see ProductImage). */
  priority?: boolean
}

export function ProductCard({ product, index, headingLevel = 'h2', priority = false }: Props) {
  const language = useLanguage()
  const name = pick(language, product.nameEs, product.nameEn)
  const wholesale = product.priceWholesaleCents === undefined ? '' : formatEuros(product.priceWholesaleCents, language)
  const Heading = headingLevel
  return (
    <article className={`${styles.card} ${priority ? revealWithoutFade : reveal}`} style={staggerDelay(index)}>
      <div className={styles.media}>
        <ProductImage
          kind="products"
          name={product.photo?.imageKey ?? null}
          uploadedId={product.photo?.imageId ?? null}
          alt={name}
          sizes={imageSizes.card}
          priority={priority}
        />
        {product.featured ? (
          <span className={styles.badge}>
            <Trans>Featured</Trans>
          </span>
        ) : null}
      </div>
      <div className={styles.body}>
        <p className={styles.category}>{pick(language, product.category.nameEs, product.category.nameEn)}</p>
        <Heading className={styles.name}>
          {/* The one link of the card: its ::after covers the whole card, picture included, so a tap
              anywhere opens the product and a screen reader hears one name. */}
          <Link to="/product/$slug" params={{ slug: product.slug }} className={styles.link}>
            {name}
          </Link>
        </Heading>
        <p className={styles.description}>{pick(language, product.descriptionEs, product.descriptionEn)}</p>
        <AvailabilityNote leadTimeDays={product.leadTimeDays} />
        <div className={styles.footer}>
          <div>
            <PricePerPanel cents={product.priceRetailCents} />
            {product.priceWholesaleCents === undefined ? null : (
              <p className={styles.wholesale}>
                <Trans>B2B: {wholesale} / panel</Trans>
              </p>
            )}
          </div>
          <span className={styles.more} aria-hidden="true">
            <Trans>View details</Trans> →
          </span>
        </div>
      </div>
    </article>
  )
}

/** In stock, or made to order and how long it takes (docs/product.md#availability). */
function AvailabilityNote({ leadTimeDays }: { leadTimeDays: number | null }) {
  return leadTimeDays === null ? (
    <p className={`${styles.availability} ${styles.inStock}`}>
      <Trans>In stock</Trans>
    </p>
  ) : (
    <p className={styles.availability}>
      <Plural value={leadTimeDays} one="Made to order · # working day" other="Made to order · # working days" />
    </p>
  )
}
