import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTRPC } from '../../../lib/trpc.ts'

/** After a change: the admin's list, and the shop's categories should this tab go back to the shop. */
export function useRefreshCategories() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.categories.pathKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
      ]),
    [queryClient, trpc],
  )
}
