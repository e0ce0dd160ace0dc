import { createFileRoute } from '@tanstack/react-router'
import { isAdmin } from '../../core/roles.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'

// The frame's code (the gate, the nav) comes after the first download, like its pages' code: the
// server renders it in full (lib/hydrate-later.tsx).
const frame = hydrateLater(() => import('../components/admin/AdminLayout.tsx').then((module) => module.AdminLayout))
const AdminLayout = frame.Component

/**
 * Every admin screen (docs/product.md#owner) below one layout: the role is read once here, the
 * gate (access denied, turn on two-factor, sign in again), the sections' nav and `noindex` are
 * rendered once, and each page below gives its own title, data and code.
 */
export const Route = createFileRoute('/admin')({
  // Convenience, never authorization: every admin.* procedure checks the role again. The pages'
  // loaders read `adminAccess` and fetch admin data only for an admin who may have it.
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    const me = await queryClient.ensureQueryData(trpc.account.me.queryOptions())
    return { adminAccess: isAdmin(me?.role) && !me?.needsTwoFactor }
  },
  loader: () => frame.preload(),
  // The pages' heads add their titles and descriptions; none of them is for search engines.
  head: () => ({ meta: [{ name: 'robots', content: 'noindex' }] }),
  component: AdminLayout,
})
