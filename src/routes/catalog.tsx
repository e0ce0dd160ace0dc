import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { MessageDescriptor } from '@lingui/core'
import { CategoryGrid } from '../components/catalog/CategoryCard.tsx'
import * as grid from '../components/catalog/ProductGrid.css.ts'
import { ProductImage } from '../components/catalog/ProductImage.tsx'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { formCard } from '../components/ui/form-card.css.ts'
import { formDone } from '../components/ui/form.css.ts'
import { useLanguage } from '../i18n/useLanguage.ts'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { pageHead } from '../lib/seo.ts'
import { useTRPC } from '../lib/trpc.ts'
import { reveal } from '../styles/reveal.css.ts'
import { staggerDelay } from '../styles/stagger.ts'
import * as styles from './-catalog.css.ts'

// The form's code (its rules, the form library) comes after the page's first download.
const catalogRequestForm = hydrateLater(() => import('../components/forms/CatalogRequestForm.tsx').then((module) => module.CatalogRequestForm))
const CatalogRequestForm = catalogRequestForm.Component

interface CatalogSearch {
  /** The form was sent without the page's script (server/http/public-forms.ts answers 303 here). */
  sent?: 1
}

export const Route = createFileRoute('/catalog')({
  // The query `sent=1` parses to the number, and writes back the same.
  validateSearch: (search: Record<string, unknown>): CatalogSearch => (search.sent === 1 ? { sent: 1 } : {}),
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([queryClient.ensureQueryData(trpc.catalog.categories.queryOptions()), catalogRequestForm.preload()])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Catalog of decorative panels`),
      description: match.context.i18n._(
        msg`Marble, wood and stone look PVC panels for walls and ceilings: browse the collections and find inspiration for your project.`,
      ),
      path: '/catalog',
    }),
  component: CatalogPage,
})

const gallery: ReadonlyArray<{ caption: MessageDescriptor }> = [
  { caption: msg`Bathroom wall in white marble look` },
  { caption: msg`Living room ceiling in warm wood look` },
  { caption: msg`Feature wall in dark slate look` },
  { caption: msg`Reception counter against a black marble look wall` },
  { caption: msg`Feature wall in walnut wood slat look` },
  { caption: msg`Showroom wall in grey stone look` },
]

function CatalogPage() {
  const trpc = useTRPC()
  const { i18n } = useLingui()
  const language = useLanguage()
  const { sent } = Route.useSearch()
  const { data: categories } = useSuspenseQuery(trpc.catalog.categories.queryOptions())
  return (
    <>
      <PageHeader
        title={<Trans>Catalog</Trans>}
        lead={<Trans>Three collections of PVC panels that look like the real thing and install in a day.</Trans>}
      />
      <section className={grid.section} aria-labelledby="collections-heading">
        <h2 id="collections-heading" className={styles.sectionTitle}>
          <Trans>Collections</Trans>
        </h2>
        <CategoryGrid categories={categories} />
      </section>
      <section className={grid.section} aria-labelledby="catalog-form-title">
        <div className={formCard}>
          <h2 id="catalog-form-title" className={styles.sectionTitle}>
            <Trans>Download the catalog</Trans>
          </h2>
          <p className={styles.requestLead}>
            <Trans>Every model with its size and price per panel, as a PDF: we email it to you and open it here.</Trans>
          </p>
          {sent ? (
            <p className={formDone} role="status">
              <Trans>Catalog sent! Check your email.</Trans>{' '}
              <a href={`/catalog.pdf?lang=${language}`} target="_blank" rel="noopener">
                <Trans>Open the catalog (PDF)</Trans>
              </a>
            </p>
          ) : null}
          <CatalogRequestForm />
        </div>
      </section>
      <section className={grid.section} aria-labelledby="gallery-heading">
        <h2 id="gallery-heading" className={styles.sectionTitle}>
          <Trans>Inspiration</Trans>
        </h2>
        <ul className={styles.gallery}>
          {gallery.map((tile, index) => {
            const caption = i18n._(tile.caption)
            return (
              <li key={index} className={`${styles.tile} ${reveal}`} style={staggerDelay(index)}>
                <figure className={styles.figure}>
                  <ProductImage kind="gallery" name={`gallery-${index + 1}`} alt={caption} sizes="(min-width: 900px) 33vw, 50vw" />
                  <figcaption className={styles.caption}>{caption}</figcaption>
                </figure>
              </li>
            )
          })}
        </ul>
      </section>
    </>
  )
}
