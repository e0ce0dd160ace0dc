import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ProductInput, PublishRequirement } from '../../../../core/catalog-admin.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { pick } from '../../../lib/format.ts'
import { toast } from '../../../lib/toast.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx'
import { ProductPhotos } from './ProductPhotos.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import { productFieldLabels, productFormValues, type AdminProduct } from './product-fields.ts'
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
        lead={
          product.archivedAt ? (
            <Trans>Archived: this product is not in the shop.</Trans>
          ) : product.status === 'draft' ? (
            <Trans>Draft: only admins see it until it is published.</Trans>
          ) : (
            <Trans>In the shop.</Trans>
          )
        }
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
        <AdminCard headingId="product-photos-heading" title={<Trans>Pictures</Trans>}>
          <ProductPhotos key={product.photos.map((photo) => `${photo.id}:${photo.altEs}:${photo.altEn}`).join(',')} product={product} />
        </AdminCard>
        <AdminCard headingId="product-history-heading" title={<Trans>History</Trans>}>
          <ProductHistory history={history} categories={categories} />
        </AdminCard>
      </div>
    </>
  )
}

/** What publishing still needs, each named as the form names it. */
const requirementLabels: Record<PublishRequirement, MessageDescriptor> = {
  nameEs: productFieldLabels.nameEs,
  nameEn: productFieldLabels.nameEn,
  descriptionEs: productFieldLabels.descriptionEs,
  descriptionEn: productFieldLabels.descriptionEn,
  photo: msg`A picture`,
  photoAlt: msg`Every picture's text alternative in Spanish and English`,
}

/**
 * A draft: Publish (once nothing is missing, else the list of what is), its preview, Archive. A
 * published product: View in shop, Move back to drafts, Archive. An archived one: its preview, Restore.
 */
function ProductActions({ product }: { product: AdminProduct }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const archive = useMutation(trpc.admin.products.archive.mutationOptions())
  const restore = useMutation(trpc.admin.products.restore.mutationOptions())
  const publish = useMutation(trpc.admin.products.publish.mutationOptions())
  const unpublish = useMutation(trpc.admin.products.unpublish.mutationOptions())
  const { act } = useAdminAction()
  const [busy, setBusy] = useState(false)

  // Already archived by someone else, not found, something missing: the server's reason (use-admin-action.ts).
  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true)
    await act(action, { success })
    setBusy(false)
  }

  const preview = (
    <Link to="/admin/products/$id/preview" params={{ id: product.id }} className={button({ tone: 'outline' })}>
      <Trans>Preview its page</Trans>
    </Link>
  )
  const archiveDialog = (
    <ConfirmDialog
      trigger={<Trans>Archive</Trans>}
      triggerClassName={button({ tone: 'danger' })}
      triggerDisabled={busy}
      title={<Trans>Archive this product?</Trans>}
      description={
        <Trans>
          It leaves the shop: its page answers that it is no longer sold and it cannot be added to a cart. Past orders keep it as it was, and you can
          restore it at any time.
        </Trans>
      }
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Archive</Trans>}
      onConfirm={() => void run(() => archive.mutateAsync({ id: product.id }), t`Product archived: it is no longer in the shop`)}
    />
  )

  if (product.archivedAt) {
    return (
      <div className={styles.actions}>
        <button
          type="button"
          className={button({ tone: 'accent' })}
          disabled={busy}
          onClick={() => void run(() => restore.mutateAsync({ id: product.id }), t`Product restored: it is back in the shop`)}
        >
          <Trans>Restore to the shop</Trans>
        </button>
        {preview}
      </div>
    )
  }
  if (product.status === 'draft') {
    const ready = product.missing.length === 0
    return (
      <div className={styles.publishing}>
        {ready ? null : (
          <div id="publish-missing" className={styles.missing} data-testid="publish-missing">
            <p>
              <Trans>To publish it, add:</Trans>
            </p>
            <ul>
              {product.missing.map((requirement) => (
                <li key={requirement}>{i18n._(requirementLabels[requirement])}</li>
              ))}
            </ul>
          </div>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={button({ tone: 'accent' })}
            disabled={busy || !ready}
            {...(ready ? {} : { 'aria-describedby': 'publish-missing' })}
            onClick={() => void run(() => publish.mutateAsync({ id: product.id }), t`Product published: it is in the shop now`)}
          >
            <Trans>Publish</Trans>
          </button>
          {preview}
          {archiveDialog}
        </div>
      </div>
    )
  }
  return (
    <div className={styles.actions}>
      <Link to="/product/$slug" params={{ slug: product.slug }} className={button({ tone: 'outline' })}>
        <Trans>View in shop</Trans>
      </Link>
      <button
        type="button"
        className={button({ tone: 'outline' })}
        disabled={busy}
        onClick={() => void run(() => unpublish.mutateAsync({ id: product.id }), t`Product moved back to drafts: it is no longer in the shop`)}
      >
        <Trans>Move back to drafts</Trans>
      </button>
      {archiveDialog}
    </div>
  )
}
