import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../lib/toast.ts'
import { httpStatusOf, useTRPC } from '../../../lib/trpc.ts'

/**
 * Why an order action failed, as the admin reads it: the server's own words whenever it answered
 * (every answer of ours is translated and safe to show: a transition that does not apply now, the
 * payment provider refusing a refund), the fallback when it could not be reached.
 */
export function refusalOf(error: unknown, fallback: string): string {
  return httpStatusOf(error) !== undefined && error instanceof Error && error.message ? error.message : fallback
}

/**
 * An order's transitions: a toast says how each went; `refresh` then fetches the order (and the
 * tables) again, whatever happened, since a refusal usually means someone changed it meanwhile.
 */
export function useOrderAction() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.orders.pathKey() })
  const unchanged = t`Nothing to do: someone already made this change.`
  const failed = (error: unknown) => toast.error(refusalOf(error, t`The server could not be reached. Check your connection and try again.`))
  /** Runs the action, toasting its outcome; does not refresh (a dialog closes first: its button may go). */
  const attempt = async (run: () => Promise<{ changed: boolean }>, success: string): Promise<boolean> => {
    try {
      const { changed } = await run()
      // Asked twice (another admin, another tab): the server did nothing and emailed nobody.
      toast.success(changed ? success : unchanged)
      return true
    } catch (error) {
      failed(error)
      return false
    }
  }
  return { attempt, failed, refresh, unchanged }
}
