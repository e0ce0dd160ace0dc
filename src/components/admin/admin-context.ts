import type { RouterContext } from '../../router.tsx'

/**
 * The context of every page under /admin: the router's, and whether this visitor may see admin
 * data, read once by the layout route (src/routes/admin.tsx). Loaders fetch admin data only when it
 * is true, so the page rendered for anyone else carries none of it.
 */
export type AdminContext = RouterContext & {
  /** An admin whose session may call admin.* (two-factor done where it is required). */
  adminAccess: boolean
}
