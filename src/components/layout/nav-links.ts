import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/** The main navigation, shared by the header, the mobile menu and the footer. */
export const mainLinks: ReadonlyArray<{ to: '/' | '/shop' | '/catalog' | '/about' | '/contact'; label: MessageDescriptor }> = [
  { to: '/', label: msg`Home` },
  { to: '/shop', label: msg`Shop` },
  { to: '/catalog', label: msg`Catalog` },
  { to: '/about', label: msg`About` },
  { to: '/contact', label: msg`Contact` },
]

export const legalLinks: ReadonlyArray<{ to: '/privacy' | '/terms' | '/returns' | '/faq'; label: MessageDescriptor }> = [
  { to: '/privacy', label: msg`Privacy policy` },
  { to: '/terms', label: msg`Terms of sale` },
  { to: '/returns', label: msg`Returns and withdrawal` },
  { to: '/faq', label: msg`FAQ` },
]

/** Links by role (docs/product.md#roles): shown to those who may use them; the server still checks. */
export const roleLinks: ReadonlyArray<{ to: '/b2b' | '/admin'; label: MessageDescriptor; for: 'wholesale' | 'admin' }> = [
  { to: '/b2b', label: msg`B2B dashboard`, for: 'wholesale' },
  { to: '/admin', label: msg`Admin`, for: 'admin' },
]

/** The role links an account may see. */
export function visibleRoleLinks(account: { wholesale: boolean; admin: boolean }) {
  return roleLinks.filter((link) => account[link.for])
}
