import { TRPCClientError } from '@trpc/client'
import { createTRPCContext, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { inferRouterOutputs } from '@trpc/server'
// Types only: the client never bundles server code (tRPC's minimal-react).
import type { AppRouter } from '../../server/router.ts'

export type { AppRouter }
export type Trpc = TRPCOptionsProxy<AppRouter>
export type RouterOutputs = inferRouterOutputs<AppRouter>
/** A product as the shop's lists show it (its first photo only). */
export type ProductView = RouterOutputs['catalog']['products'][number]
/** A product as its page shows it (every photo). */
export type ProductPageData = RouterOutputs['catalog']['product']
export type CategoryView = RouterOutputs['catalog']['category']

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

/** The HTTP status of a failed call (undefined for a network failure or a non-tRPC error). */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined
  const data: unknown = error.data
  const status = typeof data === 'object' && data !== null && 'httpStatus' in data ? data.httpStatus : undefined
  return typeof status === 'number' ? status : undefined
}
