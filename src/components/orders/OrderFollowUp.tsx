import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment } from 'react'
import type { InvoiceType } from '../../../core/invoices.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatDate } from '../../lib/format.ts'
import * as styles from './OrderFollowUp.css.ts'
import { Fact } from '../ui/Fact.tsx'

// What follows an order's payment, as the buyer (/orders) and the admin (the order's page) see it:
// how it travels and its invoices.

export interface Shipment {
  carrier: string | null
  tracking: string | null
  shippedAt: string
}

/** An order's travel: the parcels the shop sent, and when it was delivered. */
export interface Shipping {
  shipments: readonly Shipment[]
  deliveredAt: string | null
}

/**
 * How an order travels, once it is shipped: for each parcel when it left, the carrier and the
 * tracking number (both optional when the shop ships), and when the order was delivered. Nothing
 * before it is shipped.
 */
export function OrderShipment({ order }: { order: Shipping }) {
  const language = useLanguage()
  const { shipments, deliveredAt } = order
  if (shipments.length === 0) return null
  return (
    <dl className={styles.facts} data-testid="order-shipment">
      {shipments.map(({ carrier, tracking, shippedAt }) => (
        <Fragment key={shippedAt}>
          <Fact term={<Trans>Shipped</Trans>} className={styles.fact}>
            <time dateTime={shippedAt}>{formatDate(shippedAt, language, true)}</time>
          </Fact>
          {carrier ? (
            <Fact term={<Trans>Carrier</Trans>} className={styles.fact}>
              {carrier}
            </Fact>
          ) : null}
          {tracking ? (
            <Fact term={<Trans>Tracking number</Trans>} className={styles.fact} valueClassName={styles.code} translate="no">
              {tracking}
            </Fact>
          ) : null}
        </Fragment>
      ))}
      {deliveredAt ? (
        <Fact term={<Trans>Delivered</Trans>} className={styles.fact}>
          <time dateTime={deliveredAt}>{formatDate(deliveredAt, language, true)}</time>
        </Fact>
      ) : null}
    </dl>
  )
}

/** An invoice's PDF: the server answers it to the order's buyer and to admins only. */
export const invoiceHref = (number: string) => `/invoices/${encodeURIComponent(number)}.pdf`

export interface InvoiceRef {
  number: string
  kind: 'invoice' | 'corrective'
  /** The AEAT's type (core/invoices.ts): the link says a simplified, a full or a corrective invoice. */
  type: InvoiceType
  issuedAt: string
  /** Voided because it was issued in error: said beside its link. */
  voided: boolean
}

/**
 * An order's invoices as download links, each saying what it is: the invoice of its payment
 * (simplified, or full), the full invoice that replaced a simplified one and, after a refund, the
 * corrective invoice. Plain links (not the router's): the server answers the PDF.
 */
export function InvoiceLinks({ invoices }: { invoices: readonly InvoiceRef[] }) {
  const { t } = useLingui()
  if (invoices.length === 0) return null
  return (
    <ul className={styles.invoiceList} data-testid="order-invoices">
      {invoices.map(({ number, type, voided }) => (
        <li key={number}>
          <a href={invoiceHref(number)} type="application/pdf" className={styles.invoiceLink}>
            <span aria-hidden="true" className={styles.icon}>
              ↓
            </span>
            {type === 'F2'
              ? t`Download simplified invoice ${number}`
              : type === 'R1' || type === 'R5'
                ? t`Download corrective invoice ${number}`
                : t`Download invoice ${number}`}
          </a>
          {voided ? (
            <>
              {' '}
              <span className={styles.voided}>
                <Trans>(voided: issued in error)</Trans>
              </span>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** Below an order's lines on /orders, once there are any: how it travels and its invoices. */
export function OrderFollowUp({ order }: { order: Shipping & { invoices: readonly InvoiceRef[] } }) {
  return (
    <div className={styles.followUp}>
      <OrderShipment order={order} />
      <InvoiceLinks invoices={order.invoices} />
    </div>
  )
}
