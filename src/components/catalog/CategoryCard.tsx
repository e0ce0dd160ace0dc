import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { pick } from '../../lib/format.ts'
import { formatEuros } from '../../../core/money.ts'
import type { RouterOutputs } from '../../lib/trpc.ts'
import { reveal } from '../../styles/reveal.css.ts'
import { staggerDelay } from '../../styles/stagger.ts'
import { imageSizes } from '../../lib/images.ts'
import { ProductImage } from './ProductImage.tsx'
import * as styles from './CategoryCard.css.ts'
import * as grid from './ProductGrid.css.ts'

type Category = RouterOutputs['catalog']['categories'][number]

/** The shop's categories as cards, in the product grid's columns (the home page and /catalog), each titled at h3. */
export function CategoryGrid({ categories }: { categories: readonly Category[] }) {
  return (
    <ul className={grid.grid}>
      {categories.map((category, index) => (
        <li key={category.id}>
          <CategoryCard category={category} index={index} headingLevel="h3" />
        </li>
      ))}
    </ul>
  )
}

/** A category on /catalog: image or initial letter, name, description, its cheapest panel ('Desde 80,00 €/panel', none when nothing is on sale), View products. */
export function CategoryCard({ category, index, headingLevel = 'h2' }: { category: Category; index: number; headingLevel?: 'h2' | 'h3' }) {
  const language = useLanguage()
  const name = pick(language, category.nameEs, category.nameEn)
  const Heading = headingLevel
  return (
    <article className={`${styles.card} ${reveal}`} style={staggerDelay(index)}>
      <ProductImage
        kind="categories"
        name={category.slug}
        uploadedId={category.imageId}
        alt={name}
        fallbackLetter={name}
        sizes={imageSizes.card}
        className={styles.image}
      />
      <div className={styles.body}>
        <Heading className={styles.name}>{name}</Heading>
        <p className={styles.description}>{pick(language, category.descriptionEs, category.descriptionEn)}</p>
        {category.fromCents === null ? null : <FromPrice cents={category.fromCents} />}
        <Link to="/category/$slug" params={{ slug: category.slug }} className={styles.link}>
          <Trans>View products</Trans>
          <span aria-hidden="true"> →</span>
          <span className={styles.stretched} aria-hidden="true" />
        </Link>
      </div>
    </article>
  )
}

function FromPrice({ cents }: { cents: number }) {
  const from = formatEuros(cents, useLanguage())
  return (
    <p className={styles.from}>
      <Trans>From {from}/panel</Trans>
    </p>
  )
}
