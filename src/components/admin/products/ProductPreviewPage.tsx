import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useTRPC } from '../../../lib/trpc.ts'
import { ProductPageView } from '../../catalog/ProductPageView.tsx'
import * as styles from './products.css.ts'

const route = getRouteApi('/admin/products_/$id_/preview')

/**
 * The product's page with a ribbon that says what it is: a draft (or an archived product) no shopper
 * can reach, shown exactly as its page will be, without the buy box.
 */
export function ProductPreviewPage() {
  const trpc = useTRPC()
  const { id } = route.useParams()
  const { data } = useSuspenseQuery(trpc.admin.products.preview.queryOptions({ id }))
  return (
    <>
      <div className={styles.ribbon} role="note" data-testid="preview-ribbon">
        <strong className={styles.ribbonState}>
          {data.archived ? <Trans>Archived</Trans> : data.status === 'draft' ? <Trans>Draft</Trans> : <Trans>Published</Trans>}
        </strong>
        <span>
          {data.status === 'published' && !data.archived ? (
            <Trans>Preview: shoppers see this page in the shop.</Trans>
          ) : (
            <Trans>Preview: only admins see this page until it is published.</Trans>
          )}
        </span>
        <Link to="/admin/products/$id" params={{ id }} className={styles.ribbonLink}>
          <Trans>Back to editing</Trans>
        </Link>
      </div>
      <ProductPageView product={data.product} calculated={undefined} preview />
    </>
  )
}
