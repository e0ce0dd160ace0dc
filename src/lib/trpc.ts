import { createTRPCContext, type TRPCOptionsProxy } from '@trpc/tanstack-react-query'
import type { inferRouterOutputs } from '@trpc/server'
// Types only: the client never bundles server code (tRPC's minimal-react).
import type { AppRouter } from '../../server/router.ts'

export type { AppRouter }
export type Trpc = TRPCOptionsProxy<AppRouter>
export type RouterOutputs = inferRouterOutputs<AppRouter>
export type ProductView = RouterOutputs['catalog']['product']
export type CategoryView = RouterOutputs['catalog']['category']

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()
