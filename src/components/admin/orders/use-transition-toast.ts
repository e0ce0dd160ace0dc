import { useLingui } from '@lingui/react/macro'

/**
 * The success toast of an order's transition (`success` of use-admin-action.ts): its own text, or,
 * when asked twice (another admin, another tab), that the server did nothing and emailed nobody.
 */
export function useTransitionToast() {
  const { t } = useLingui()
  const unchanged = t`Nothing to do: someone already made this change.`
  return (success: string) =>
    ({ changed }: { changed: boolean }) =>
      changed ? success : unchanged
}
