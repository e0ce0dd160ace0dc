import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { AdminGate } from '../AdminGate.tsx'
import { AdminNav } from '../AdminNav.tsx'
import { CategoryList } from './CategoryList.tsx'
import { NewCategory } from './NewCategory.tsx'
import * as styles from './categories.css.ts'

/** /admin/categories (issue 12): the shop's categories, their order, and a new one. */
export function CategoriesPage() {
  return (
    <AdminGate>
      <PageHeader
        title={<Trans>Categories</Trans>}
        lead={<Trans>Names and descriptions in both languages, and the order in which the shop shows the categories.</Trans>}
      />
      <AdminNav />
      <div className={styles.page}>
        <CategoryList />
        <NewCategory />
      </div>
    </AdminGate>
  )
}
