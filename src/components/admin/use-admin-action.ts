import { useQueryClient } from '@tanstack/react-query'
import { toast } from '../../lib/toast.ts'
import { httpStatusOf, useTRPC } from '../../lib/trpc.ts'

/**
 * Runs an admin decision: the success toast, or on failure the server's reason when it is one the
 * admin can act on (already reviewed, not found) and the spec's generic text otherwise; then the
 * dashboard's lists are fetched again, whatever happened.
 */
export function useAdminAction() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return async (run: () => Promise<unknown>, texts: { success: string; failure: string }) => {
    try {
      await run()
      toast.success(texts.success)
    } catch (error) {
      const status = httpStatusOf(error)
      toast.error(status === 404 || status === 409 ? (error instanceof Error ? error.message : texts.failure) : texts.failure)
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() })
      await queryClient.invalidateQueries({ queryKey: trpc.b2b.pathKey() })
    }
  }
}
