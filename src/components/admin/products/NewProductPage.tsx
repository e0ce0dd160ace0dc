import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { emptyProduct, type ProductInput } from '../../../../core/catalog-admin.ts'
import { toast } from '../../../lib/toast.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { ProductDetails } from './ProductForm.tsx'
import { AdminPageHeader } from '../AdminSection.tsx'
import * as styles from './products.css.ts'

export function NewProductPage() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const { data: categories } = useSuspenseQuery(trpc.admin.categories.list.queryOptions())
  const create = useMutation(trpc.admin.products.create.mutationOptions())

  const save = async (values: ProductInput) => {
    const created = await create.mutateAsync(values)
    toast.success(t`Product created: it is in the shop now`)
    // Its edit page: the history starts there, and the next change is an update.
    await navigate({ to: '/admin/products/$id', params: { id: created.id } })
  }

  return (
    <>
      <AdminPageHeader
        back="/admin/products"
        backLabel={<Trans>All products</Trans>}
        title={<Trans>New product</Trans>}
        lead={<Trans>Write it in Spanish and English; it is in the shop as soon as it is saved.</Trans>}
      />
      <div className={styles.page}>
        <ProductDetails initial={emptyProduct} categories={categories} slugFollowsName submitLabel={<Trans>Create product</Trans>} onSave={save} />
      </div>
    </>
  )
}
