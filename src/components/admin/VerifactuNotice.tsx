import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
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

/** What the records need of the owner, the most pressing first: each a paragraph that links to them. */
type Attention = 'conflicts' | 'rejected' | 'unsentLong'
const attentionOrder: readonly Attention[] = ['conflicts', 'rejected', 'unsentLong']

/**
 * On every admin page (AdminLayout), whether the invoices reach Hacienda (VERI*FACTU, docs/decisions/028):
 * first, while invoicing is stopped until the owner reconciles (docs/decisions/030), since when and
 * why, with a link to /admin/verifactu where it resumes; a warning while they do not or soon will
 * not, a quieter note while they go to the AEAT's test service; then a warning for each kind of
 * record that needs the owner (conflicting with what the AEAT holds, rejected, unanswered for over
 * a day), with a link to them on /admin/verifactu.
 * Nothing while the status loads or when it cannot be read, nor when all is well. A named region
 * holding paragraphs, never an alert: it would be announced again on every page.
 */
export function VerifactuNotice() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const status = useQuery(trpc.admin.verifactu.status.queryOptions()).data
  if (!status) return null
  const notice = noticeFor(status)
  const { attention } = status
  const needed = attention ? attentionOrder.filter((kind) => attention[kind] > 0) : []
  const { halt } = status
  if (!halt && !notice && needed.length === 0) return null
  const quiet = notice === 'testService'
  return (
    <section className={styles.band} aria-label={t`Sending invoices to Hacienda`} data-testid="verifactu-notice">
      <div className={styles.inner}>
        {halt ? (
          <p className={styles.halt} data-testid="verifactu-halt">
            <HaltText halt={halt} />
          </p>
        ) : null}
        {notice ? (
          <p className={quiet ? styles.note : styles.warning} role={quiet ? 'status' : undefined}>
            <NoticeText notice={notice} status={status} />
          </p>
        ) : null}
        {attention
          ? needed.map((kind) => (
              <p key={kind} className={styles.warning} data-testid={`verifactu-attention-${kind}`}>
                <AttentionText kind={kind} count={attention[kind]} />
              </p>
            ))
          : null}
      </div>
    </section>
  )
}

/**
 * A kind of record that needs the owner, counted, with a link to those records (by their state) on
 * /admin/verifactu, where a rejected one can be corrected (a subsanación).
 */
function AttentionText({ kind, count }: { kind: Attention; count: number }): ReactNode {
  switch (kind) {
    case 'conflicts':
      return (
        <Trans>
          <Plural
            value={count}
            one="# invoice record conflicts with what Hacienda already holds (a restored backup?)"
            other="# invoice records conflict with what Hacienda already holds (a restored backup?)"
          />
          : do not issue invoices until this is reconciled.{' '}
          <Link to="/admin/verifactu" search={{ state: 'conflict' }} className={styles.link}>
            <Plural value={count} one="See the conflicting record" other="See the conflicting records" />
          </Link>
        </Trans>
      )
    case 'rejected':
      return (
        <Trans>
          <Plural value={count} one="# invoice record was rejected by Hacienda" other="# invoice records were rejected by Hacienda" />:{' '}
          <Link to="/admin/verifactu" search={{ state: 'rejected' }} className={styles.link}>
            <Plural value={count} one="see why and correct it" other="see why and correct them" />
          </Link>
          .
        </Trans>
      )
    case 'unsentLong':
      return (
        <Trans>
          <Plural
            value={count}
            one="# invoice record has not reached Hacienda for more than 24 hours."
            other="# invoice records have not reached Hacienda for more than 24 hours."
          />{' '}
          <Link to="/admin/verifactu" search={{ state: 'pending' }} className={styles.link}>
            <Plural value={count} one="See the waiting record" other="See the waiting records" />
          </Link>
        </Trans>
      )
  }
}

/** The link of the halt's text: to /admin/verifactu, where the owner checks and resumes. */
function ToVerifactu({ children }: { children?: ReactNode }) {
  return (
    <Link to="/admin/verifactu" search={{}} className={styles.link}>
      {children}
    </Link>
  )
}

/**
 * Invoicing stopped (a restored backup, a record Hacienda holds that this shop never sent it): since
 * when (a day in Spain, in the reader's language), why, and where to check it and resume it. Each a
 * whole sentence for the translators, its start in bold: the colour is not the only sign.
 */
function HaltText({ halt }: { halt: NonNullable<Status['halt']> }): ReactNode {
  const language = useLanguage()
  const date = formatDate(halt.since, language)
  const detail = halt.detail
  if (halt.reason === 'restore') {
    return detail !== null ? (
      <Trans>
        <strong>Invoicing has been stopped</strong> since {date}: the database was restored from a backup ({detail}). Orders paid meanwhile are
        waiting for their invoice. Check it and resume it in <ToVerifactu>Hacienda (VERI*FACTU)</ToVerifactu>.
      </Trans>
    ) : (
      <Trans>
        <strong>Invoicing has been stopped</strong> since {date}: the database was restored from a backup. Orders paid meanwhile are waiting for their
        invoice. Check it and resume it in <ToVerifactu>Hacienda (VERI*FACTU)</ToVerifactu>.
      </Trans>
    )
  }
  return detail !== null ? (
    <Trans>
      <strong>Invoicing has been stopped</strong> since {date}: Hacienda already holds another record of invoice {detail} that this shop did not send
      it. Orders paid meanwhile are waiting for their invoice. Check it and resume it in <ToVerifactu>Hacienda (VERI*FACTU)</ToVerifactu>.
    </Trans>
  ) : (
    <Trans>
      <strong>Invoicing has been stopped</strong> since {date}: Hacienda already holds another record of an invoice that this shop did not send it.
      Orders paid meanwhile are waiting for their invoice. Check it and resume it in <ToVerifactu>Hacienda (VERI*FACTU)</ToVerifactu>.
    </Trans>
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
