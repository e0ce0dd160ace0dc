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
    toast.success(t`Product saved as a draft: publish it when it is ready`)
    // Its edit page: the history starts there, and the next change is an update.
    await navigate({ to: '/admin/products/$id', params: { id: created.id } })
  }

  return (
    <>
      <AdminPageHeader
        back="/admin/products"
        backLabel={<Trans>All products</Trans>}
        title={<Trans>New product</Trans>}
        lead={<Trans>It is saved as a draft, seen only by admins. Publish it once it has both languages' texts and a picture.</Trans>}
      />
      <div className={styles.page}>
        <ProductDetails initial={emptyProduct} categories={categories} slugFollowsName submitLabel={<Trans>Create product</Trans>} onSave={save} />
      </div>
    </>
  )
}
