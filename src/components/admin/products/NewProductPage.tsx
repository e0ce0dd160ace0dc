import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { emptyProduct, type ProductInput } from '../../../../core/catalog-admin.ts'
import { pictureAccept } from '../../../../core/pictures.ts'
import { toast } from '../../../lib/toast.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { FieldShell } from '../../ui/FieldShell.tsx'
import { ProductDetails } from './ProductForm.tsx'
import { PhotoFilesHint } from './ProductPhotos.tsx'
import { uploadPhotos } from './upload-photos.ts'
import { AdminPageHeader } from '../AdminSection.tsx'
import * as styles from './products.css.ts'

export function NewProductPage() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const { data: categories } = useSuspenseQuery(trpc.admin.categories.list.queryOptions())
  const create = useMutation(trpc.admin.products.create.mutationOptions())
  // Chosen with the form, uploaded once the product exists (an upload names its product).
  const [photos, setPhotos] = useState<File[]>([])

  const save = async (values: ProductInput) => {
    const created = await create.mutateAsync(values)
    const outcome = photos.length > 0 ? await uploadPhotos(created.id, photos, i18n) : null
    toast.success(t`Product saved as a draft: publish it when it is ready`)
    if (outcome?.error) {
      const reason = outcome.error
      toast.error(t`A picture was not added: ${reason}`)
    }
    // Its edit page: the history starts there, the photos are described there, and the next change is an update.
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
        <ProductDetails
          initial={emptyProduct}
          categories={categories}
          slugFollowsName
          submitLabel={<Trans>Create product</Trans>}
          onSave={save}
          extraFields={
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                <Trans>Pictures</Trans>
              </legend>
              <div className={styles.wide}>
                <FieldShell label={t`Pictures (optional)`} hint={<PhotoFilesHint />}>
                  {(control) => (
                    <input
                      {...control}
                      type="file"
                      name="pictures"
                      accept={pictureAccept}
                      multiple
                      onChange={(event) => setPhotos([...(event.currentTarget.files ?? [])])}
                    />
                  )}
                </FieldShell>
              </div>
            </fieldset>
          }
        />
      </div>
    </>
  )
}
