import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatDate } from '../../lib/format.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import * as styles from './VerifactuNotice.css.ts'

type Status = RouterOutputs['admin']['verifactu']['status']
type Notice = 'off' | 'noCertificate' | 'expired' | 'expiring' | 'testService'

/**
 * The one notice a status calls for, the first that applies: records not sent (VERIFACTU off, no
 * certificate), the certificate expired or about to, then the test service. None when the records go
 * to the real service with a certificate far from its expiry.
 */
function noticeFor({ mode, sending, certificate, warnFromDays }: Status): Notice | null {
  if (mode === 'off') return 'off'
  if (!sending) return 'noCertificate'
  if (certificate && certificate.daysLeft < 0) return 'expired'
  if (certificate && certificate.daysLeft <= warnFromDays) return 'expiring'
  if (mode === 'test') return 'testService'
  return null
}

/**
 * On every admin page (AdminLayout), whether the invoices reach Hacienda (VERI*FACTU, docs/decisions/028):
 * a warning while they do not or soon will not, a quieter note while they go to the AEAT's test
 * service. Nothing while the status loads or when it cannot be read. A named region holding a
 * paragraph, never an alert: it would be announced again on every page.
 */
export function VerifactuNotice() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const status = useQuery(trpc.admin.verifactu.status.queryOptions()).data
  const notice = status ? noticeFor(status) : null
  if (!status || !notice) return null
  const quiet = notice === 'testService'
  return (
    <section className={styles.band} aria-label={t`Sending invoices to Hacienda`} data-testid="verifactu-notice">
      <div className={styles.inner}>
        <p className={quiet ? styles.note : styles.warning} role={quiet ? 'status' : undefined}>
          <NoticeText notice={notice} status={status} />
        </p>
      </div>
    </section>
  )
}

function NoticeText({ notice, status }: { notice: Notice; status: Status }): ReactNode {
  const language = useLanguage()
  // The expiry as a day in Spain, in the reader's language (dateStyle long).
  const date = status.certificate ? formatDate(status.certificate.expiresAt, language) : ''
  const daysLeft = status.certificate?.daysLeft ?? 0
  switch (notice) {
    case 'off':
      return <Trans>Invoices are not being sent to Hacienda (the Spanish tax agency): VERI*FACTU is off (VERIFACTU=off).</Trans>
    case 'noCertificate':
      return (
        <Trans>
          Invoices are not being sent to Hacienda: the company’s certificate is missing (VERIFACTU_CERT_PATH). Their VERI*FACTU records are kept and
          will be sent once it is set.
        </Trans>
      )
    case 'expired':
      return <Trans>The certificate for Hacienda expired on {date}: invoices are not being sent. Renew it (VERIFACTU_CERT_PATH).</Trans>
    case 'expiring':
      return (
        <Trans>
          The certificate for Hacienda expires on {date} (<Plural value={daysLeft} one="# day left" other="# days left" />
          ): renew it before then so invoices keep being sent.
        </Trans>
      )
    case 'testService':
      return <Trans>VERI*FACTU records go to the AEAT’s test service, not the real one (VERIFACTU=test).</Trans>
  }
}
