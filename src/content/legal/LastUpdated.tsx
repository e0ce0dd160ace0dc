import { Trans } from '@lingui/react/macro'

/** The revision date at the top of each legal and help page. */
export function LastUpdated() {
  return (
    <p>
      <Trans>
        Last updated: <time dateTime="2026-11-01">1 November 2026</time>
      </Trans>
    </p>
  )
}
