import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { CategoryGrid } from '../components/catalog/CategoryCard.tsx'
import * as grid from '../components/catalog/ProductGrid.css.ts'
import { ProductGrid } from '../components/catalog/ProductGrid.tsx'
import { button } from '../components/ui/button.css.ts'
import { useLanguage } from '../i18n/useLanguage.ts'
import { formatEuros } from '../../core/money.ts'
import { heroPortraitMedia, imagePreload, imageSizes, responsiveImage } from '../lib/images.ts'
import { pageHead, pageLanguage } from '../lib/seo.ts'
import { companyNodes } from '../lib/structured-data.ts'
import { useTRPC } from '../lib/trpc.ts'
import { lowestFromCents } from '../lib/from-price.ts'
import { formatAddressLine } from '../../core/company.ts'
import { useCompany } from '../lib/company.ts'
import * as styles from './-home.css.ts'

export const Route = createFileRoute('/')({
  loader: async ({ context: { queryClient, trpc } }) => {
    const [categories] = await Promise.all([
      queryClient.ensureQueryData(trpc.catalog.categories.queryOptions()),
      queryClient.ensureQueryData(trpc.catalog.products.queryOptions()),
    ])
    return { fromCents: lowestFromCents(categories) }
  },
  head: ({ match, loaderData }) => {
    const fromCents = loaderData?.fromCents ?? null
    const from = fromCents === null ? null : formatEuros(fromCents, pageLanguage(match.context))
    const head = pageHead(match.context, {
      title: match.context.i18n._(msg`Decorative PVC wall and ceiling panels | ${match.context.site.company.name}`),
      description: match.context.i18n._(
        from === null
          ? msg`Marble, wood and stone look PVC panels for walls and ceilings. Showroom and distribution in Torrevieja (Alicante), delivery across Spain.`
          : msg`Marble, wood and stone look PVC panels for walls and ceilings, from ${from} per panel. Showroom and distribution in Torrevieja (Alicante), delivery across Spain.`,
      ),
      path: '/',
      structuredData: (page) => companyNodes(match.context.site.company, page),
    })
    return { ...head, links: [...head.links, ...heroPreloads()] }
  },
  component: HomePage,
})

/** The hero's AVIF preloads, one per crop, each for the screens its <source> serves. */
function heroPreloads() {
  return [
    ...imagePreload(responsiveImage('hero-portrait', 'hero'), imageSizes.hero, heroPortraitMedia),
    ...imagePreload(responsiveImage('hero', 'hero'), imageSizes.hero, `not all and ${heroPortraitMedia}`),
  ]
}

function HomePage() {
  const trpc = useTRPC()
  const { data: categories } = useSuspenseQuery(trpc.catalog.categories.queryOptions())
  const { data: products } = useSuspenseQuery(trpc.catalog.products.queryOptions())
  const featured = products.filter((p) => p.featured).slice(0, 3)
  const hero = responsiveImage('hero', 'hero')
  const heroPortrait = responsiveImage('hero-portrait', 'hero')
  const fromCents = lowestFromCents(categories)
  const company = useCompany()
  const address = formatAddressLine(company)

  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        {hero ? (
          // Portrait screens get the portrait crop; each as AVIF where accepted, else WebP. The head
          // preloads the same AVIF (heroPreloads), never lazy: it is the page's LCP.
          <picture className={styles.heroPicture}>
            {heroPortrait ? (
              <>
                <source media={heroPortraitMedia} type="image/avif" srcSet={heroPortrait.avifSrcSet} sizes={imageSizes.hero} />
                <source media={heroPortraitMedia} type="image/webp" srcSet={heroPortrait.srcSet} sizes={imageSizes.hero} />
              </>
            ) : null}
            <source type="image/avif" srcSet={hero.avifSrcSet} sizes={imageSizes.hero} />
            <img
              className={styles.heroImage}
              src={hero.src}
              srcSet={hero.srcSet}
              sizes={imageSizes.hero}
              width={hero.width}
              height={hero.height}
              alt=""
              fetchPriority="high"
            />
          </picture>
        ) : null}
        <div className={styles.heroOverlay} />
        <div className={styles.heroContent}>
          <p className={styles.heroEyebrow}>
            <Trans>Wall and ceiling panels · Torrevieja</Trans>
          </p>
          <h1 id="hero-title" className={styles.heroTitle}>
            <Trans>The look of marble, wood and stone, with no building work</Trans>
          </h1>
          <p className={styles.heroLead}>
            <Trans>
              Large-format PVC panels of 122 × 300 cm that transform a bathroom, a kitchen or a shop in a single day. Waterproof, light and easy to
              clean.
            </Trans>
          </p>
          <div className={styles.heroActions}>
            <Link to="/catalog" className={button({ tone: 'light', size: 'lg' })}>
              <Trans>Explore the catalog</Trans>
            </Link>
            <Link to="/shop" className={button({ tone: 'outlineLight', size: 'lg' })}>
              <Trans>Buy online</Trans>
            </Link>
          </div>
        </div>
      </section>

      <section className={grid.section} aria-labelledby="collections-title">
        <div className={styles.sectionHead}>
          <h2 id="collections-title" className={styles.sectionTitle}>
            <Trans>Featured collections</Trans>
          </h2>
          <p className={styles.sectionLead}>
            <Trans>Choose a finish and see every panel of the collection.</Trans>
          </p>
        </div>
        <CategoryGrid categories={categories} />
      </section>

      {featured.length > 0 ? (
        <section className={grid.section} aria-labelledby="featured-title">
          <div className={styles.sectionHead}>
            <h2 id="featured-title" className={styles.sectionTitle}>
              <Trans>Customer favourites</Trans>
            </h2>
          </div>
          <ProductGrid products={featured} headingLevel="h3" />
        </section>
      ) : null}

      <section className={styles.split} aria-labelledby="experience-title">
        <div className={styles.splitCard}>
          <h2 id="experience-title" className={styles.sectionTitle}>
            <Trans>Experience you can build on</Trans>
          </h2>
          <p className={styles.sectionLead}>
            <Trans>
              We supply homeowners, installers, interior designers, shops and hotels across the Costa Blanca. Certified ISO 9001:2015 panels, made to
              last more than ten years indoors.
            </Trans>
          </p>
          <Link to="/about" className={button({ tone: 'outline' })}>
            <Trans>About us</Trans>
          </Link>
        </div>
        <div className={styles.splitCardDark}>
          <h2 className={styles.sectionTitle}>
            <Trans>Visit our showroom</Trans>
          </h2>
          <p className={styles.darkLead}>
            <Trans>See and touch every finish at {address}. We will help you measure and choose.</Trans>
          </p>
          <Link to="/contact" className={button({ tone: 'light' })}>
            <Trans>How to find us</Trans>
          </Link>
        </div>
      </section>

      {fromCents === null ? null : <PriceBand fromCents={fromCents} />}
    </>
  )
}

/** The cheapest panel the reader can buy (its price for them: wholesale for a wholesale customer), and where to go next. */
function PriceBand({ fromCents }: { fromCents: number }) {
  const from = formatEuros(fromCents, useLanguage())
  return (
    <section className={styles.priceBand} aria-labelledby="price-title">
      <div className={styles.priceInner}>
        <div>
          <h2 id="price-title" className={styles.priceTitle}>
            <Trans>From {from} per panel</Trans>
          </h2>
          <p className={styles.sectionLead}>
            <Trans>Each panel covers 3.66 m². Wholesale prices for professionals with a B2B account.</Trans>
          </p>
        </div>
        <div className={styles.heroActions}>
          <Link to="/shop" className={button({ tone: 'primary', size: 'lg' })}>
            <Trans>Shop now</Trans>
          </Link>
          <Link to="/contact" className={button({ tone: 'outline', size: 'lg' })}>
            <Trans>Ask for a quote</Trans>
          </Link>
        </div>
      </div>
    </section>
  )
}
