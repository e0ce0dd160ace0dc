import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useId } from 'react'
import { formatEuros } from '../../../../core/money.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { pick } from '../../../lib/format.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { visuallyHidden } from '../../../styles/utilities.css.ts'
import { PageLoading } from '../../PageLoading.tsx'
import { button } from '../../ui/button.css.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { SelectField } from '../../ui/SelectField.tsx'
import * as admin from '../admin.css.ts'
import { Pager } from '../Pager.tsx'
import { SearchBox } from '../SearchBox.tsx'
import { productStates, productsListInput, type ProductState, type ProductsSearch } from './products-search.ts'
import * as styles from './products.css.ts'

const route = getRouteApi('/admin/products')

const stateLabels: Record<ProductState, MessageDescriptor> = {
  all: msg`All products`,
  active: msg`In the shop`,
  archived: msg`Archived`,
}
const isState = (value: string): value is ProductState => productStates.some((state) => state === value)

export function ProductsPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Products</Trans>}
        lead={<Trans>The shop's panels in Spanish and English: names, prices, sizes and categories.</Trans>}
      >
        <div className={styles.headerActions}>
          <Link to="/admin/products/new" className={button({ tone: 'accent' })}>
            <Trans>New product</Trans>
          </Link>
        </div>
      </PageHeader>
      <Products />
    </>
  )
}

function Products() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const captionId = useId()
  const { data: categories } = useSuspenseQuery(trpc.admin.categories.list.queryOptions())
  // The table being replaced stays (dimmed for assistive technology by aria-busy) until the next one is there.
  const { data, isFetching } = useQuery({ ...trpc.admin.products.list.queryOptions(productsListInput(search)), placeholderData: keepPreviousData })

  // Filters change the URL: Back returns to the previous table. A new filter starts at page 1.
  const filter = (next: Partial<ProductsSearch>, replace = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }), replace })

  const filtered = search.q !== undefined || search.category !== undefined || search.state !== undefined
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  return (
    <div className={styles.page}>
      <div className={styles.filters}>
        <SearchBox
          query={search.q ?? ''}
          onSearch={(q) => filter({ q: q || undefined }, true)}
          label={t`Search by name or address`}
          formLabel={t`Search products`}
          maxLength={100}
        />
        <SelectField
          label={t`Category`}
          name="category"
          value={search.category ?? ''}
          options={[
            { value: '', label: t`All categories` },
            ...categories.map((category) => ({ value: category.id, label: pick(language, category.nameEs, category.nameEn) })),
          ]}
          onChange={(value) => filter({ category: value || undefined })}
        />
        <SelectField
          label={t`Show`}
          name="state"
          value={search.state ?? 'all'}
          options={productStates.map((state) => ({ value: state, label: i18n._(stateLabels[state]) }))}
          onChange={(value) => filter({ state: isState(value) && value !== 'all' ? value : undefined })}
        />
      </div>
      {!data ? (
        <PageLoading />
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            <Plural value={data.total} one="# product" other="# products" />
          </p>
          {data.items.length === 0 ? (
            <p className={admin.empty}>
              {filtered ? <Trans>No products match these filters.</Trans> : <Trans>No products yet: add the first one with New product.</Trans>}
            </p>
          ) : (
            <div className={admin.scroller} tabIndex={0} role="region" aria-labelledby={captionId} aria-busy={isFetching}>
              <table className={admin.table} data-testid="admin-products">
                <caption id={captionId} className={visuallyHidden}>
                  <Trans>Products</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className={admin.th}>
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col" className={admin.th}>
                      <Trans>Category</Trans>
                    </th>
                    <th scope="col" className={`${admin.th} ${admin.numeric}`}>
                      <Trans>Retail price</Trans>
                    </th>
                    <th scope="col" className={`${admin.th} ${admin.numeric}`}>
                      <Trans>Wholesale price</Trans>
                    </th>
                    <th scope="col" className={admin.th}>
                      <Trans>Featured</Trans>
                    </th>
                    <th scope="col" className={admin.th}>
                      <Trans>Status</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((product) => (
                    <tr key={product.id}>
                      <th scope="row" className={`${admin.td} ${styles.rowHeader}`}>
                        <Link to="/admin/products/$id" params={{ id: product.id }} className={styles.nameLink}>
                          {pick(language, product.nameEs, product.nameEn)}
                        </Link>
                        <span className={styles.slug}>/{product.slug}</span>
                      </th>
                      <td className={admin.td}>{pick(language, product.category.nameEs, product.category.nameEn)}</td>
                      <td className={`${admin.td} ${admin.numeric}`}>{formatEuros(product.priceRetailCents, language)}</td>
                      <td className={`${admin.td} ${admin.numeric}`}>{formatEuros(product.priceWholesaleCents, language)}</td>
                      <td className={admin.td}>{product.featured ? <Trans>Yes</Trans> : <Trans>No</Trans>}</td>
                      <td className={admin.td}>
                        {product.archivedAt ? (
                          <span className={styles.badge}>
                            <Trans>Archived</Trans>
                          </span>
                        ) : (
                          <Trans>In the shop</Trans>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={data.page}
            pageCount={pageCount}
            onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
            label={t`Product pages`}
          />
        </>
      )}
    </div>
  )
}
