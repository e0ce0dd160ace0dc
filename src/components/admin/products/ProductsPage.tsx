import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { formatEuros } from '../../../../core/money.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { pick } from '../../../lib/format.ts'
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts'
import { Badge } from '../../orders/StatusBadges.tsx'
import { PageLoading } from '../../PageLoading.tsx'
import { button } from '../../ui/button.css.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { SelectField } from '../../ui/SelectField.tsx'
import { AdminTable, type Column } from '../AdminTable.tsx'
import { Pager } from '../Pager.tsx'
import { SearchBox } from '../SearchBox.tsx'
import { productStates, productsListInput, type ProductState, type ProductsSearch } from './products-search.ts'
import * as styles from './products.css.ts'

const route = getRouteApi('/admin/products')

type ProductRow = RouterOutputs['admin']['products']['list']['items'][number]

const stateLabels: Record<ProductState, MessageDescriptor> = {
  all: msg`All products`,
  active: msg`In the shop`,
  draft: msg`Drafts`,
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
  const { data: categories } = useSuspenseQuery(trpc.admin.categories.list.queryOptions())
  // The table being replaced stays (dimmed for assistive technology by aria-busy) until the next one is there.
  const { data, isFetching } = useQuery({ ...trpc.admin.products.list.queryOptions(productsListInput(search)), placeholderData: keepPreviousData })

  // Filters change the URL: Back returns to the previous table. A new filter starts at page 1.
  const filter = (next: Partial<ProductsSearch>, replace = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }), replace })

  const filtered = search.q !== undefined || search.category !== undefined || search.state !== undefined
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  const columns: Column<ProductRow>[] = [
    {
      header: t`Name`,
      rowHeader: true,
      cell: (product) => (
        <>
          <Link to="/admin/products/$id" params={{ id: product.id }} className={styles.nameLink}>
            {pick(language, product.nameEs, product.nameEn)}
          </Link>
          <span className={styles.slug}>/{product.slug}</span>
        </>
      ),
    },
    { header: t`Category`, cell: (product) => pick(language, product.category.nameEs, product.category.nameEn) },
    { header: t`Retail price`, numeric: true, cell: (product) => formatEuros(product.priceRetailCents, language) },
    { header: t`Wholesale price`, numeric: true, cell: (product) => formatEuros(product.priceWholesaleCents, language) },
    { header: t`Featured`, cell: (product) => (product.featured ? <Trans>Yes</Trans> : <Trans>No</Trans>) },
    {
      header: t`Status`,
      cell: (product) =>
        product.archivedAt ? (
          <Badge tone="bad">
            <Trans>Archived</Trans>
          </Badge>
        ) : product.status === 'draft' ? (
          <Badge tone="warn" testId="draft-badge">
            <Trans>Draft</Trans>
          </Badge>
        ) : (
          <Trans>In the shop</Trans>
        ),
    },
  ]
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
          <AdminTable
            caption={<Trans>Products</Trans>}
            testId="admin-products"
            columns={columns}
            rows={data.items}
            rowKey={(product) => product.id}
            empty={filtered ? <Trans>No products match these filters.</Trans> : <Trans>No products yet: add the first one with New product.</Trans>}
            busy={isFetching}
          />
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
