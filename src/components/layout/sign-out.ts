import { useLingui } from '@lingui/react/macro'
import { useRefreshAfterAuthChange } from '../../lib/account.ts'
import { toast } from '../../lib/toast.ts'

/**
 * Sign out everywhere in this browser, then refetch everything the role decided. better-auth's
 * client downloads on the click: the mobile menu that offers it loads for every visitor.
 */
export function useSignOut() {
  const { t } = useLingui()
  const refresh = useRefreshAfterAuthChange()
  return async () => {
    const { authClient } = await import('../../lib/auth-client.ts')
    const { error } = await authClient.signOut()
    if (error) {
      toast.error(error.message ?? t`Something went wrong`)
      return
    }
    await refresh()
    toast.success(t`Signed out`)
  }
}
