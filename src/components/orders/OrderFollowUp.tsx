import { Trans, useLingui } from '@lingui/react/macro'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatDate } from '../../lib/format.ts'
import * as styles from './OrderFollowUp.css.ts'

// What follows an order's payment, as the buyer (/orders) and the admin (the order's page) see it:
// how it travels and its invoices.

export interface Shipment {
  carrier: string | null
  tracking: string | null
  shippedAt: string | null
  deliveredAt: string | null
}

/**
 * How an order travels, once it is shipped: when, the carrier and the tracking number (both
 * optional when the shop ships), and when it was delivered. Nothing before it is shipped.
 */
export function OrderShipment({ shipment }: { shipment: Shipment }) {
  const language = useLanguage()
  const { carrier, tracking, shippedAt, deliveredAt } = shipment
  if (!shippedAt) return null
  return (
    <dl className={styles.facts} data-testid="order-shipment">
      <div className={styles.fact}>
        <dt>
          <Trans>Shipped</Trans>
        </dt>
        <dd>
          <time dateTime={shippedAt}>{formatDate(shippedAt, language, true)}</time>
        </dd>
      </div>
      {carrier ? (
        <div className={styles.fact}>
          <dt>
            <Trans>Carrier</Trans>
          </dt>
          <dd>{carrier}</dd>
        </div>
      ) : null}
      {tracking ? (
        <div className={styles.fact}>
          <dt>
            <Trans>Tracking number</Trans>
          </dt>
          <dd className={styles.code} translate="no">
            {tracking}
          </dd>
        </div>
      ) : null}
      {deliveredAt ? (
        <div className={styles.fact}>
          <dt>
            <Trans>Delivered</Trans>
          </dt>
          <dd>
            <time dateTime={deliveredAt}>{formatDate(deliveredAt, language, true)}</time>
          </dd>
        </div>
      ) : null}
    </dl>
  )
}

/** An invoice's PDF: the server answers it to the order's buyer and to admins only. */
export const invoiceHref = (number: string) => `/invoices/${encodeURIComponent(number)}.pdf`

export interface InvoiceRef {
  number: string
  kind: 'invoice' | 'corrective'
  issuedAt: string
}

/**
 * An order's invoices as download links: the invoice of its payment and, after a refund, the
 * corrective invoice. Plain links (not the router's): the server answers the PDF.
 */
export function InvoiceLinks({ invoices }: { invoices: readonly InvoiceRef[] }) {
  const { t } = useLingui()
  if (invoices.length === 0) return null
  return (
    <ul className={styles.invoiceList} data-testid="order-invoices">
      {invoices.map(({ number, kind }) => (
        <li key={number}>
          <a href={invoiceHref(number)} type="application/pdf" className={styles.invoiceLink}>
            <span aria-hidden="true" className={styles.icon}>
              ↓
            </span>
            {kind === 'corrective' ? t`Download corrective invoice ${number}` : t`Download invoice ${number}`}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** Below an order's lines on /orders, once there are any: how it travels and its invoices. */
export function OrderFollowUp({ order }: { order: Shipment & { invoices: readonly InvoiceRef[] } }) {
  return (
    <div className={styles.followUp}>
      <OrderShipment shipment={order} />
      <InvoiceLinks invoices={order.invoices} />
    </div>
  )
}
