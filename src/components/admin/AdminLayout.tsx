import { Outlet } from '@tanstack/react-router'
import { AdminGate } from './AdminGate.tsx'
import { AdminNav } from './AdminNav.tsx'
import * as styles from './AdminNav.css.ts'

/**
 * The frame of every admin screen (src/routes/admin.tsx): the gate first; for an admin who may use
 * them, the sections' nav, then the page.
 */
export function AdminLayout() {
  return (
    <AdminGate>
      <div className={styles.frame}>
        <AdminNav />
        <Outlet />
      </div>
    </AdminGate>
  )
}
