import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { ProductInput } from '../../../../core/catalog-admin.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { pick } from '../../../lib/format.ts'
import { toast } from '../../../lib/toast.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { PictureField } from '../pictures/PictureField.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import { productFormValues, type AdminProduct } from './product-fields.ts'
import { ProductDetails } from './ProductForm.tsx'
import { ProductHistory } from './ProductHistory.tsx'
import * as styles from './products.css.ts'
import { AdminCard, AdminPageHeader } from '../AdminSection.tsx'

const route = getRouteApi('/admin/products_/$id')

export function EditProductPage() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const language = useLanguage()
  const { id } = route.useParams()
  const productQuery = trpc.admin.products.get.queryOptions({ id })
  const { data } = useSuspenseQuery(productQuery)
  const { data: categories } = useSuspenseQuery(trpc.admin.categories.list.queryOptions())
  const update = useMutation(trpc.admin.products.update.mutationOptions())
  const { refresh } = useAdminAction()
  const { product, history } = data
  const name = pick(language, product.nameEs, product.nameEn)

  const save = async (values: ProductInput) => {
    // The version this form edits: the newest the page has read (it is read again after each save).
    const expectedUpdatedAt = queryClient.getQueryData(productQuery.queryKey)?.product.updatedAt ?? product.updatedAt
    const saved = await update.mutateAsync({ id, expectedUpdatedAt, values })
    toast.success(saved.changed === 0 ? t`Nothing to save: no field was changed` : t`Product saved`)
  }

  return (
    <>
      <AdminPageHeader
        back="/admin/products"
        backLabel={<Trans>All products</Trans>}
        title={name}
        lead={product.archivedAt ? <Trans>Archived: this product is not in the shop.</Trans> : <Trans>In the shop.</Trans>}
      />
      <div className={styles.page}>
        <ProductActions product={product} />
        <ProductDetails
          key={product.id}
          initial={productFormValues(product, language)}
          categories={categories}
          slugFollowsName={false}
          submitLabel={<Trans>Save changes</Trans>}
          onSave={save}
        />
        <AdminCard headingId="product-picture-heading" title={<Trans>Picture</Trans>}>
          <PictureField
            kind="products"
            ownerId={product.id}
            name={name}
            imageId={product.imageId}
            builtInName={product.imageKey}
            onUploaded={() => void refresh()}
          />
        </AdminCard>
        <AdminCard headingId="product-history-heading" title={<Trans>History</Trans>}>
          <ProductHistory history={history} categories={categories} />
        </AdminCard>
      </div>
    </>
  )
}

/** "View in shop" while it is sold; Archive (asked first) or Restore. */
function ProductActions({ product }: { product: AdminProduct }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const archive = useMutation(trpc.admin.products.archive.mutationOptions())
  const restore = useMutation(trpc.admin.products.restore.mutationOptions())
  const { act } = useAdminAction()
  const [busy, setBusy] = useState(false)

  // Already archived by someone else, not found: the server's reason (use-admin-action.ts).
  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true)
    await act(action, { success })
    setBusy(false)
  }

  return (
    <div className={styles.actions}>
      {product.archivedAt ? (
        <button
          type="button"
          className={button({ tone: 'accent' })}
          disabled={busy}
          onClick={() => void run(() => restore.mutateAsync({ id: product.id }), t`Product restored: it is back in the shop`)}
        >
          <Trans>Restore to the shop</Trans>
        </button>
      ) : (
        <>
          <Link to="/product/$slug" params={{ slug: product.slug }} className={button({ tone: 'outline' })}>
            <Trans>View in shop</Trans>
          </Link>
          <ConfirmDialog
            trigger={<Trans>Archive</Trans>}
            triggerClassName={button({ tone: 'danger' })}
            triggerDisabled={busy}
            title={<Trans>Archive this product?</Trans>}
            description={
              <Trans>
                It leaves the shop: its page answers that it is no longer sold and it cannot be added to a cart. Past orders keep it as it was, and
                you can restore it at any time.
              </Trans>
            }
            cancelLabel={<Trans>Cancel</Trans>}
            confirmLabel={<Trans>Archive</Trans>}
            onConfirm={() => void run(() => archive.mutateAsync({ id: product.id }), t`Product archived: it is no longer in the shop`)}
          />
        </>
      )}
    </div>
  )
}
