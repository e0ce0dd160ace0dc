import { Trans } from '@lingui/react/macro'
import * as styles from './PageLoading.css.ts'

/** Shown while a client-side navigation waits for its data ('Cargando...' / 'Loading...'). */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <Trans>Loading...</Trans>
    </div>
  )
}
