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

/** `?redirect=` is honoured only for a path of this site, never another origin. */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/'
  return target
}
