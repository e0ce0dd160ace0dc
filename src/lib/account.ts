import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { hasWholesaleAccess, isAdmin } from '../../core/roles.ts'
import { useTRPC } from './trpc.ts'

/** The signed-in account and its role, as the server resolved them (null when signed out). */
export function useAccount() {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.account.me.queryOptions())
  const me = data ?? null
  return { me, wholesale: hasWholesaleAccess(me?.role), admin: isAdmin(me?.role) }
}

/**
 * After signing in or out, everything the server decides by role (prices, cart, account) is
 * fetched again, and the current page's loaders run again.
 */
export function useRefreshAfterAuthChange() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return useCallback(async () => {
    await queryClient.resetQueries()
    await router.invalidate()
  }, [queryClient, router])
}

/**
 * `?redirect=` is honoured only for one path of this site: never another origin, never the sign-in
 * page itself (it would loop), and never a path that carries a redirect of its own (no nesting).
 */
export function safeRedirect(target: unknown): string {
  return checkedRedirect(target) ?? '/'
}

/**
 * The search of a sign-in link from the page at `href`: back to that page after signing in, unless
 * it is the home page or one `safeRedirect` would not honour (so links never nest redirects).
 */
export function signInSearch(href: string): { redirect?: string } {
  const target = checkedRedirect(href)
  return target === null || target === '/' || target !== href ? {} : { redirect: target }
}

function checkedRedirect(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null
  // The URL parser reads what a browser would (backslashes, tabs): the path must stay on this site.
  const base = 'http://site.invalid'
  const url = new URL(target, base)
  if (url.origin !== base || url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null
  if (url.searchParams.has('redirect')) return url.pathname
  return target
}
