import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { CategoryList } from './CategoryList.tsx'
import { NewCategory } from './NewCategory.tsx'
import * as styles from './categories.css.ts'

/** /admin/categories (docs/product.md#owner): the shop's categories, their order, and a new one. */
export function CategoriesPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Categories</Trans>}
        lead={<Trans>Names and descriptions in both languages, and the order in which the shop shows the categories.</Trans>}
      />
      <div className={styles.page}>
        <CategoryList />
        <NewCategory />
      </div>
    </>
  )
}
