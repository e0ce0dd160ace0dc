import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { trackingLink } from '../../../core/carriers.ts'
import type { InvoiceType } from '../../../core/invoices.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatDate } from '../../lib/format.ts'
import * as styles from './OrderFollowUp.css.ts'
import { Fact } from '../ui/Fact.tsx'

// What follows an order's payment, as the buyer (/orders) and the admin (the order's page) see it:
// how it travels and its invoices.

export interface Shipment {
  id: string
  carrier: string | null
  /** The carrier from the list (core/carriers.ts): its tracking page is linked. */
  carrierCode: string | null
  tracking: string | null
  /** The panels it carries, by order line. */
  lines: ReadonlyArray<{ itemId: string; quantity: number }>
  shippedAt: string
}

/** An order's travel: the shipments the shop sent, when it was delivered, and its lines (to name a shipment's panels). */
export interface Shipping {
  shipments: readonly Shipment[]
  deliveredAt: string | null
  status: string
  items: ReadonlyArray<{ id: string; quantity: number; nameEs: string; nameEn: string }>
}

/**
 * How an order travels, once something is shipped: for each shipment when it left, the carrier,
 * the tracking number with a link to the carrier's tracking page, and, when the order travels in
 * more than one shipment, the panels each carries; then when the order was delivered. Nothing before
 * it is shipped.
 */
export function OrderShipment({ order }: { order: Shipping }) {
  const language = useLanguage()
  const { shipments, deliveredAt, items } = order
  if (shipments.length === 0) return null
  // Each shipment lists its panels unless one carried the whole order.
  const inParts = shipments.length > 1 || order.status === 'partially_shipped'
  const nameOf = (itemId: string) => {
    const item = items.find((candidate) => candidate.id === itemId)
    return item ? (language === 'en' ? item.nameEn : item.nameEs) : ''
  }
  return (
    <div className={styles.shipments} data-testid="order-shipment">
      {shipments.map((shipment) => {
        const { carrier, tracking, shippedAt } = shipment
        const link = trackingLink(shipment, language)
        const panels = shipment.lines.reduce((sum, line) => sum + line.quantity, 0)
        return (
          <div key={shipment.id} className={styles.shipment}>
            <dl className={styles.facts}>
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
              {inParts ? (
                <Fact term={<Plural value={panels} one="# panel" other="# panels" />} className={styles.fact}>
                  <ul className={styles.shipmentLines}>
                    {shipment.lines.map((line) => (
                      <li key={line.itemId}>
                        {line.quantity} × {nameOf(line.itemId)}
                      </li>
                    ))}
                  </ul>
                </Fact>
              ) : null}
            </dl>
            {link && carrier ? (
              <p className={styles.trackingNote}>
                <a href={link.url} className={styles.invoiceLink} rel="noopener noreferrer">
                  <Trans>Track the shipment on {carrier}’s website</Trans>
                </a>
                {link.portal ? (
                  <>
                    {' '}
                    <Trans>(enter the tracking number there)</Trans>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
        )
      })}
      {deliveredAt ? (
        <dl className={styles.facts}>
          <Fact term={<Trans>Delivered</Trans>} className={styles.fact}>
            <time dateTime={deliveredAt}>{formatDate(deliveredAt, language, true)}</time>
          </Fact>
        </dl>
      ) : null}
    </div>
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
