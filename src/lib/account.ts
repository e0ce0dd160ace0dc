import { checkedRedirect } from '../../core/sign-in-redirect.ts'
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
 * The search of a sign-in link from the page at `href`: back to that page after signing in, unless
 * it is the home page or one `safeRedirect` would not honour (so links never nest redirects).
 */
export function signInSearch(href: string): { redirect?: string } {
  const target = checkedRedirect(href)
  return target === null || target === '/' || target !== href ? {} : { redirect: target }
}
