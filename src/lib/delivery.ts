import { useSuspenseQuery } from '@tanstack/react-query'
import type { RouterContext } from '../router.tsx'
import { useTRPC } from './trpc.ts'

/**
 * What delivery costs and takes for the viewer (`catalog.delivery`, docs/product.md#delivery): the
 * pages that speak of it (a product, the FAQ, the terms) read it, so they say what checkout charges.
 * Their loaders ask for it first (`loadDeliverySummary`), so the server renders them in full.
 */
export function useDeliverySummary() {
  const trpc = useTRPC()
  return useSuspenseQuery(trpc.catalog.delivery.queryOptions()).data
}

export function loadDeliverySummary({ queryClient, trpc }: Pick<RouterContext, 'queryClient' | 'trpc'>) {
  return queryClient.ensureQueryData(trpc.catalog.delivery.queryOptions())
}
