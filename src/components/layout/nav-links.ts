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
