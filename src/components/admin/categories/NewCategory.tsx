import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { toast } from '../../../lib/toast.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { emptyCategory } from '../../../../core/catalog-admin.ts'
import * as admin from '../admin.css.ts'
import { CategoryForm } from './CategoryForm.tsx'
import * as styles from './categories.css.ts'

/** The new-category form: last in the shop's order, its address made from the Spanish name. */
export function NewCategory() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const create = useMutation(trpc.admin.categories.create.mutationOptions())
  return (
    <section className={styles.newCard} aria-labelledby="new-category-heading">
      <h2 id="new-category-heading" className={admin.heading}>
        <Trans>New category</Trans>
      </h2>
      <p className={admin.muted}>
        <Trans>It goes last in the shop’s order. Its web address is made from the Spanish name.</Trans>
      </p>
      <CategoryForm
        initial={emptyCategory}
        labelledBy="new-category-heading"
        twoColumns
        resetOnSave
        save={async (values) => {
          await create.mutateAsync(values)
          const name = values.nameEs
          toast.success(t`Category ${name} created`)
        }}
        submitLabel={<Trans>Add category</Trans>}
        workingLabel={<Trans>Adding...</Trans>}
      />
    </section>
  )
}
