import { getRouteApi } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { AccountDone } from '../../../core/account-pages.ts'
import * as formStyles from '../ui/form.css.ts'

const route = getRouteApi('/account')

/**
 * What one of /account's forms did when it was posted without the page's script (the server
 * answers 303 to `/account?done=…`), said beside the form until it is used again (`stale`).
 */
export function DoneNotice({ what, stale = false, children }: { what: AccountDone | readonly AccountDone[]; stale?: boolean; children: ReactNode }) {
  const { done } = route.useSearch()
  const shown = done !== undefined && (typeof what === 'string' ? what === done : what.includes(done))
  return shown && !stale ? (
    <p className={formStyles.formDone} role="status">
      {children}
    </p>
  ) : null
}
