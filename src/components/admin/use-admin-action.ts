import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '../../lib/toast.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC } from '../../lib/trpc.ts'

/** How an admin's call went: its answer, or the refusal (already said to the admin). */
export type ActionOutcome<T> = { ok: true; result: T } | { ok: false; error: unknown }

export interface ActionOptions<T> {
  /** The toast once it is done: a text, or one made from the answer; none when the caller says it. */
  success?: string | ((result: T) => string)
  /**
   * Where a refusal is said, given its message by the one rule: beside a field, on the page, in a
   * dialog. Without it, a toast says it.
   */
  onRefusal?: (message: string, error: unknown) => void
  /**
   * Fetch the admin's views again once the call is over, whatever happened (a refusal usually means
   * someone changed something meanwhile). False when the caller does it later (`refresh`), after a
   * dialog has closed: the button it returns the focus to may go with the refetch.
   */
  refresh?: boolean
}

/**
 * Every admin change goes through here (the dashboard's decisions, the catalog's and the orders'
 * screens): the call, the success toast, the refusal in one rule (a 4xx answer's message, in the
 * admin's language; anything else "Something went wrong", lib/server-message.ts), then the
 * views refetched.
 */
export function useAdminAction() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const generic = t`Something went wrong`

  /**
   * Everything an admin change can alter: the admin's lists and pages, wholesale status, and the
   * shop's catalog should this tab go back to the shop. Only what is on screen is fetched now.
   */
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.b2b.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
    ])

  const act = async <T>(call: () => Promise<T>, options: ActionOptions<T> = {}): Promise<ActionOutcome<T>> => {
    const { success, onRefusal, refresh: again = true } = options
    try {
      const result = await call()
      if (success !== undefined) toast.success(typeof success === 'function' ? success(result) : success)
      return { ok: true, result }
    } catch (error) {
      const message = serverMessage(error, generic)
      if (onRefusal) onRefusal(message, error)
      else toast.error(message)
      return { ok: false, error }
    } finally {
      if (again) await refresh()
    }
  }

  return { act, refresh }
}
