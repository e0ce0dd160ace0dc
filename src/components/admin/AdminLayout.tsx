import { Outlet } from '@tanstack/react-router'
import { AdminGate } from './AdminGate.tsx'
import { AdminNav } from './AdminNav.tsx'
import * as styles from './AdminNav.css.ts'
import { VerifactuNotice } from './VerifactuNotice.tsx'

/**
 * The frame of every admin screen (src/routes/admin.tsx): the gate first; for an admin who may use
 * them, the sections' nav, whether the invoices reach Hacienda (VerifactuNotice, when there is
 * something to say), then the page.
 */
export function AdminLayout() {
  return (
    <AdminGate>
      <div className={styles.frame}>
        <AdminNav />
        <VerifactuNotice />
        <Outlet />
      </div>
    </AdminGate>
  )
}
