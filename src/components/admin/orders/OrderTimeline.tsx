import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatEuros } from '../../../../core/money.ts'
import { formatDate } from '../../../lib/format.ts'
import type { RouterOutputs } from '../../../lib/trpc.ts'
import { invoiceHref } from '../../orders/OrderFollowUp.tsx'
import * as styles from './OrderPage.css.ts'
import { actorLabels, adminCancelReasonLabels, orderEventLabels, type ActorKind } from './timeline-labels.ts'

type TimelineEvent = RouterOutputs['admin']['orders']['get']['timeline'][number]

const isCancelReason = (value: string): value is keyof typeof adminCancelReasonLabels => Object.hasOwn(adminCancelReasonLabels, value)

/** Who did it: an admin by their email, the customer (with the email they used), the provider, the shop itself. */
function who(i18n: I18n, actor: { kind: ActorKind; email: string | null }): string {
  const label = i18n._(actorLabels[actor.kind])
  if (actor.kind === 'admin' && actor.email) return actor.email
  return actor.kind === 'customer' && actor.email ? `${label} (${actor.email})` : label
}

/** The details an event keeps, as lines the admin reads; what the page cannot name is left out. */
function EventDetails({ event }: { event: TimelineEvent }) {
  const { t, i18n } = useLingui()
  const { carrier, tracking, reason, number, refundId, correctiveInvoice, amountCents } = event.details
  const language = useLanguage()
  const lines: { key: string; content: ReactNode }[] = []
  // A refund says how much went back (older full refunds did not keep it).
  if (amountCents && /^\d+$/.test(amountCents)) {
    const amount = formatEuros(Number(amountCents), language)
    lines.push({ key: 'amount', content: t`Amount: ${amount}` })
  }
  // A shipment says how many panels it carried (older ones, of the whole order, did not keep it).
  const panels = event.type === 'shipped' ? event.details.panels : undefined
  if (panels && /^\d+$/.test(panels)) lines.push({ key: 'panels', content: t`Panels: ${panels}` })
  if (carrier) lines.push({ key: 'carrier', content: t`Carrier: ${carrier}` })
  if (tracking) lines.push({ key: 'tracking', content: t`Tracking number: ${tracking}` })
  if (reason) {
    const shown = isCancelReason(reason)
      ? i18n._(adminCancelReasonLabels[reason])
      : reason === 'paid_after_cancel'
        ? t`Paid after it was cancelled`
        : reason
    lines.push({ key: 'reason', content: t`Reason: ${shown}` })
  }
  if (refundId) lines.push({ key: 'refund', content: t`Refund reference: ${refundId}` })
  if (event.type === 'details_changed') {
    // Each field the admin changed, from its old value to its new one (the timeline is the record).
    const fields = { name: t`Name`, email: t`Email`, phone: t`Phone`, address: t`Delivery address` }
    for (const [key, label] of Object.entries(fields)) {
      const before = event.details[`${key}Before`]
      const after = event.details[key]
      if (before === undefined && after === undefined) continue
      const was = before ?? '—'
      const now = after ?? '—'
      lines.push({ key, content: t`${label}: ${was} → ${now}` })
    }
  }
  const invoice = number ?? correctiveInvoice
  if (invoice) {
    const corrective = event.details.kind === 'corrective' || (!number && !!correctiveInvoice)
    lines.push({
      key: 'invoice',
      content: (
        <a href={invoiceHref(invoice)} type="application/pdf" className={styles.link}>
          {corrective ? t`Corrective invoice ${invoice}` : t`Invoice ${invoice}`}
        </a>
      ),
    })
  }
  if (lines.length === 0) return null
  return (
    <ul className={styles.eventDetails}>
      {lines.map((line) => (
        <li key={line.key}>{line.content}</li>
      ))}
    </ul>
  )
}

/** Everything that happened to the order, oldest first: what, when, who, and its details. */
export function OrderTimeline({ timeline }: { timeline: readonly TimelineEvent[] }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  if (timeline.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>Nothing recorded yet.</Trans>
      </p>
    )
  }
  return (
    <ol className={styles.timeline} data-testid="order-timeline">
      {timeline.map((event) => {
        const actor = who(i18n, event.actor)
        return (
          <li key={event.id} className={styles.event}>
            <p className={styles.eventHead}>
              <strong>{i18n._(orderEventLabels[event.type])}</strong>
              <time dateTime={event.at}>{formatDate(event.at, language, true)}</time>
            </p>
            <p className={styles.eventWho}>
              <Trans>By: {actor}</Trans>
            </p>
            <EventDetails event={event} />
          </li>
        )
      })}
    </ol>
  )
}
