import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatEuros } from '../../../../core/money.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatDate } from '../../../lib/format.ts'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { Badge } from '../../orders/StatusBadges.tsx'
import { AdminTable, whenColumn, type Column } from '../AdminTable.tsx'
import { AeatAnswerText } from './AeatAnswerText.tsx'
import { CorrectRecordDialog } from './CorrectRecordDialog.tsx'
import { invoiceTypeLabels, recordStateLabels, recordStateMarks, recordStateTones } from './record-labels.ts'
import * as styles from './VerifactuRecords.css.ts'

export type RecordRow = RouterOutputs['admin']['verifactu']['records']['records'][number]

/** How many characters of a hash the table shows (the whole one is a click away). */
const hashShown = 12

/**
 * The VERI*FACTU records of /admin/verifactu, one row each, newest first: the invoice (a link to
 * its order's page), what kind of record it is (a correction, subsanación, says so), when it was
 * made, its hash, where it stands with the AEAT and what the AEAT answered (or, while it waits,
 * why), with the record that corrected it. While records can be made (`canCorrect`: VERI*FACTU is
 * on), a record the AEAT rejected or accepted with errors has "Correct…" under its answer;
 * `onCorrected` runs once its dialog has closed after a correction.
 */
export function RecordsTable({
  records,
  labelledBy,
  busy,
  empty,
  canCorrect,
  onCorrected,
}: {
  records: readonly RecordRow[]
  labelledBy: string
  busy: boolean
  empty: ReactNode
  canCorrect: boolean
  onCorrected: () => void
}) {
  const { t, i18n } = useLingui()
  const language = useLanguage()
  const columns: Column<RecordRow>[] = [
    {
      header: t`Invoice`,
      rowHeader: true,
      // Every invoice belongs to an order (invoices.order_id is required): the number opens it.
      cell: (record) => (
        <Link to="/admin/orders/$id" params={{ id: record.orderId }} className={styles.numberLink} translate="no">
          {record.invoiceNumber}
        </Link>
      ),
    },
    {
      header: t`Type`,
      cell: (record) => {
        const type = record.kind === 'anulacion' ? t`Void (anulación)` : i18n._(invoiceTypeLabels[record.invoiceType])
        if (!record.correction) return type
        return (
          <span className={styles.type}>
            {type}{' '}
            <Badge tone="active" testId="verifactu-correction">
              <Trans>Correction (subsanación)</Trans>
            </Badge>
          </span>
        )
      },
    },
    { header: t`Total`, numeric: true, cell: (record) => formatEuros(record.totalCents, language) },
    whenColumn(t({ message: 'Made on', context: 'VERI*FACTU record' }), language, (record) => record.createdAt),
    { header: t`Hash`, cell: (record) => <Hash hash={record.hash} /> },
    {
      header: t`State`,
      className: styles.stateCell,
      cell: (record) => (
        <Badge tone={recordStateTones[record.state]} testId="verifactu-state">
          <span aria-hidden="true" className={styles.mark}>
            {recordStateMarks[record.state]}
          </span>
          {i18n._(recordStateLabels[record.state])}
        </Badge>
      ),
    },
    {
      header: t`Hacienda’s answer`,
      className: styles.answer,
      cell: (record) => (
        <>
          <Answer record={record} />
          {record.correctedBy !== null ? <CorrectedBy position={record.correctedBy} /> : null}
          {canCorrect && record.correctable ? (
            <div className={styles.correct}>
              <CorrectRecordDialog record={record} onFinished={onCorrected} />
            </div>
          ) : null}
        </>
      ),
    },
  ]
  return (
    <AdminTable
      labelledBy={labelledBy}
      testId="verifactu-records"
      columns={columns}
      rows={records}
      rowKey={(record) => record.id}
      rowData={(record) => ({
        'data-invoice-number': record.invoiceNumber,
        'data-kind': record.kind,
        'data-state': record.state,
        // Its place in the chain: what "Corrected by record no. …" names.
        'data-position': String(record.position),
      })}
      empty={empty}
      busy={busy}
    />
  )
}

/** The hash's first characters, a disclosure that shows it whole (to compare it with the AEAT's, or copy it). */
function Hash({ hash }: { hash: string }) {
  return (
    <details className={styles.hash}>
      <summary translate="no">{`${hash.slice(0, hashShown)}…`}</summary>
      <code className={styles.fullHash} translate="no">
        {hash}
      </code>
    </details>
  )
}

/** The subsanación that corrected a record, by its place in the chain (a later row of the table). */
function CorrectedBy({ position }: { position: number }) {
  return (
    <span className={styles.correctedBy} data-testid="verifactu-corrected-by">
      <Trans>Corrected by record no. {position}</Trans>
    </span>
  )
}

/**
 * What the AEAT answered: its code and text (in Spanish, as the AEAT writes it). A record it has
 * not answered says why it waits: on its way, waiting for the sender, or the last attempt's failure.
 */
function Answer({ record }: { record: RecordRow }) {
  const language = useLanguage()
  if (record.code !== null || record.description !== null) return <AeatAnswerText record={record} />
  if (record.state !== 'pending') return '—'
  const attempt = record.lastAttempt
  if (!attempt) return <Trans>Waiting to be sent</Trans>
  if (attempt.outcome === 'sending') return <Trans>On its way</Trans>
  const date = formatDate(attempt.sentAt, language, true)
  const error = attempt.error
  return error ? (
    <Trans>
      Last attempt {date}: {error}
    </Trans>
  ) : (
    <Trans>Last attempt {date}</Trans>
  )
}
