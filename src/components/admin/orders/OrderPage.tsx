import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useRef } from 'react'
import { addressLines } from '../../../../core/address.ts'
import { formatEuros } from '../../../../core/money.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatDate, formatNumber, pick } from '../../../lib/format.ts'
import { orNotFound } from '../../../lib/not-found.ts'
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts'
import { InvoiceLinks, OrderShipment } from '../../orders/OrderFollowUp.tsx'
import { OrderNumber } from '../../orders/OrderNumber.tsx'
import { StatusBadges } from '../../orders/StatusBadges.tsx'
import { AdminTable, type Column } from '../AdminTable.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import type { AdminContext } from '../admin-context.ts'
import { OrderActions } from './OrderActions.tsx'
import { OrderTimeline } from './OrderTimeline.tsx'
import { ReplaceInvoiceDialog, replaceableInvoice } from './ReplaceInvoiceDialog.tsx'
import { EditDetailsDialog, detailsEditable } from './EditDetailsDialog.tsx'
import { VoidInvoiceDialog } from './VoidInvoiceDialog.tsx'
import { PaymentLinkCard } from './PaymentLinkCard.tsx'
import { adminCancelReasonLabels } from './timeline-labels.ts'
import * as styles from './OrderPage.css.ts'
import { AdminCard, AdminPageHeader } from '../AdminSection.tsx'
import { Fact } from '../../ui/Fact.tsx'
import { button } from '../../ui/button.css.ts'
import { SurchargeLabel } from '../../cart/SurchargeLabel.tsx'
import { DeliveryText } from '../../orders/DeliveryText.tsx'

const route = getRouteApi('/admin/orders_/$id')

export type AdminOrder = RouterOutputs['admin']['orders']['get']

/**
 * The route's loader, here with the page's code rather than in every page's first download. Admin
 * data only for an admin (the layout, src/routes/admin.tsx, says whether). An unknown (or
 * malformed) id is the router's 404.
 */
export async function loadOrder({ queryClient, trpc, adminAccess }: AdminContext, id: string) {
  if (!adminAccess) return
  await orNotFound(queryClient.ensureQueryData(trpc.admin.orders.get.queryOptions({ id })))
}

export function OrderPage() {
  const { i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const { id } = route.useParams()
  const { data: order } = useSuspenseQuery(trpc.admin.orders.get.queryOptions({ id }))
  const number = order.orderNumber
  const placed = formatDate(order.createdAt, language, true)
  return (
    <>
      <AdminPageHeader
        back="/admin/orders"
        backLabel={<Trans>All orders</Trans>}
        title={
          <Trans>
            Order{' '}
            <span className={styles.titleNumber}>
              <OrderNumber value={number} testId="order-number" />
            </span>
          </Trans>
        }
      >
        <p className={styles.lead}>
          <span>
            <Trans>
              Placed on <time dateTime={order.createdAt}>{placed}</time>
            </Trans>
          </span>
          <StatusBadges status={order.status} paymentStatus={order.paymentStatus} />
          {order.status === 'cancelled' && order.cancelReason ? <span>{i18n._(adminCancelReasonLabels[order.cancelReason])}</span> : null}
        </p>
      </AdminPageHeader>
      <div className={styles.page}>
        {order.withdrawal ? <WithdrawalNotice order={order} /> : null}
        <OrderActions order={order} />
        <div className={styles.layout}>
          <div className={styles.column}>
            <Items order={order} />
            <AdminCard headingId="order-timeline-heading" title={<Trans>History</Trans>}>
              <OrderTimeline timeline={order.timeline} />
            </AdminCard>
          </div>
          <div className={styles.column}>
            <Customer order={order} />
            <PaymentLinkCard orderId={order.id} customerEmail={order.customerEmail} />
            <Payment order={order} />
            <AdminCard headingId="order-shipment-heading" title={<Trans>Shipment</Trans>}>
              {order.shipments.length > 0 ? (
                <OrderShipment order={order} />
              ) : (
                <p className={styles.muted}>
                  <Trans>Not shipped yet.</Trans>
                </p>
              )}
            </AdminCard>
            <Invoices order={order} />
          </div>
        </div>
      </div>
    </>
  )
}

/** What was bought: each line with its quantity and amounts, then the totals. */
function Items({ order }: { order: AdminOrder }) {
  const { t } = useLingui()
  const language = useLanguage()
  const euros = (cents: number) => formatEuros(cents, language)
  const columns: Column<AdminOrder['items'][number]>[] = [
    { header: t`Product`, rowHeader: true, cell: (item) => pick(language, item.nameEs, item.nameEn) },
    { header: t`Quantity`, numeric: true, cell: (item) => formatNumber(item.quantity, language) },
    { header: t`Unit price`, numeric: true, cell: (item) => euros(item.unitPriceCents) },
    { header: t`Amount`, numeric: true, cell: (item) => euros(item.subtotalCents) },
  ]
  return (
    <AdminCard headingId="order-items-heading" title={<Trans>Items</Trans>}>
      <AdminTable caption={<Trans>Items</Trans>} testId="order-items" columns={columns} rows={order.items} rowKey={(_, index) => index} />
      <dl className={styles.facts}>
        <Fact term={<Trans>Subtotal</Trans>} className={styles.fact}>
          {euros(order.subtotalCents)}
        </Fact>
        <Fact term={<Trans>Delivery</Trans>} className={styles.fact} testId="order-delivery">
          <DeliveryText order={order} /> · {order.shippingCostCents === 0 ? <Trans>Free</Trans> : euros(order.shippingCostCents)}
        </Fact>
        {order.taxCents > 0 ? (
          <Fact term={<SurchargeLabel rateBasisPoints={order.surchargeRateBasisPoints} />} className={styles.fact}>
            {euros(order.taxCents)}
          </Fact>
        ) : null}
        <Fact term={<Trans>Total (VAT included)</Trans>} className={styles.fact} testId="order-total">
          {euros(order.totalCents)}
        </Fact>
      </dl>
    </AdminCard>
  )
}

/** Who bought it and where it goes; until the order ships, the admin may fix both. */
function Customer({ order }: { order: AdminOrder }) {
  const { i18n } = useLingui()
  const { refresh } = useAdminAction()
  const heading = useRef<HTMLHeadingElement>(null)
  const finished = () => {
    heading.current?.focus()
    void refresh()
  }
  // Keyed by the details: after a change the form starts from the new ones.
  const details = [order.customerName, order.customerEmail, order.customerPhone, JSON.stringify(order.shippingAddress)].join('|')
  return (
    <AdminCard headingId="order-customer-heading" title={<Trans>Customer</Trans>} headingRef={heading}>
      <address className={styles.contact}>
        <span>{order.customerName}</span>
        <a href={`mailto:${order.customerEmail}`} className={styles.link}>
          {order.customerEmail}
        </a>
        <a href={`tel:${order.customerPhone.replace(/\s+/g, '')}`} className={styles.link}>
          {order.customerPhoneDisplay}
        </a>
      </address>
      <h3 className={styles.subheading}>
        {order.deliveryMethod === 'pickup' ? <Trans>Address given (collected at the showroom)</Trans> : <Trans>Shipping address</Trans>}
      </h3>
      <address className={styles.contact} data-testid="order-address">
        {order.shippingAddress ? (
          addressLines(i18n, order.shippingAddress).map((line, index) => <span key={index}>{line}</span>)
        ) : (
          <span>
            <Trans>None: collected at the showroom</Trans>
          </span>
        )}
      </address>
      {detailsEditable(order) ? (
        <div className={styles.actions}>
          <EditDetailsDialog key={details} order={order} onFinished={finished} />
        </div>
      ) : null}
    </AdminCard>
  )
}

/**
 * The order's invoices, to download; while the order has only its simplified invoice, the admin
 * may replace it by a full one (a customer who asks for one after buying), and void one issued in
 * error. After that, the order is fetched again and the keyboard lands on this card's heading (the
 * button is gone then).
 */
function Invoices({ order }: { order: AdminOrder }) {
  const { refresh } = useAdminAction()
  const heading = useRef<HTMLHeadingElement>(null)
  const simplified = replaceableInvoice(order)
  const voidable = order.invoices.filter((invoice) => invoice.voidable)
  const finished = () => {
    heading.current?.focus()
    void refresh()
  }
  return (
    <AdminCard headingId="order-invoices-heading" title={<Trans>Invoices</Trans>} headingRef={heading}>
      {order.invoices.length > 0 ? (
        <InvoiceLinks invoices={order.invoices} />
      ) : (
        <p className={styles.muted}>
          <Trans>No invoice yet: it is issued when the order is paid.</Trans>
        </p>
      )}
      {simplified || voidable.length > 0 ? (
        <div className={styles.actions}>
          {simplified ? (
            <ReplaceInvoiceDialog orderId={order.id} number={simplified} customerEmail={order.customerEmail} onFinished={finished} />
          ) : null}
          {voidable.map((invoice) => (
            <VoidInvoiceDialog key={invoice.number} orderId={order.id} number={invoice.number} onFinished={finished} />
          ))}
        </div>
      ) : null}
    </AdminCard>
  )
}

/**
 * How it was paid and what went back: the provider's payment reference, and each refund with its
 * amount, reason, panels, the provider's refund reference and its corrective invoice (one the
 * provider has not confirmed yet says so: asking for it again from the dialog is safe).
 */
function Payment({ order }: { order: AdminOrder }) {
  const language = useLanguage()
  const given = order.orderRefunds.reduce((sum, refund) => sum + (refund.refundedAt ? refund.amountCents : 0), 0)
  return (
    <AdminCard headingId="order-payment-heading" title={<Trans>Payment</Trans>}>
      <dl className={styles.facts}>
        <Fact term={<Trans>Payment reference</Trans>} className={styles.fact} valueClassName={styles.code} translate="no" testId="payment-reference">
          {order.paymentReference ?? <Trans>None yet</Trans>}
        </Fact>
        {given > 0 ? (
          <Fact term={<Trans>Refunded</Trans>} className={styles.fact} testId="refunded-total">
            {formatEuros(given, language)}
          </Fact>
        ) : null}
      </dl>
      {order.orderRefunds.length > 0 ? (
        <ul className={styles.refundList} data-testid="order-refunds">
          {order.orderRefunds.map((refund) => (
            <li key={refund.id}>
              <RefundEntry orderId={order.id} refund={refund} />
            </li>
          ))}
        </ul>
      ) : null}
    </AdminCard>
  )
}

function RefundEntry({ orderId, refund }: { orderId: string; refund: AdminOrder['orderRefunds'][number] }) {
  const language = useLanguage()
  const { t } = useLingui()
  const trpc = useTRPC()
  const { act } = useAdminAction()
  const retry = useMutation(trpc.admin.orders.retryRefund.mutationOptions())
  const amount = formatEuros(refund.amountCents, language)
  const panels = refund.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')
  return (
    <>
      {refund.refundedAt ? (
        <Trans>
          {amount} on <time dateTime={refund.refundedAt}>{formatDate(refund.refundedAt, language, true)}</time>
        </Trans>
      ) : (
        <Trans>{amount}: the payment provider has not confirmed it yet</Trans>
      )}
      {refund.reason ? <> · {refund.reason}</> : null}
      {panels ? <> · {panels}</> : null}
      {refund.deliveryCents > 0 ? (
        <>
          {' · '}
          <Trans>delivery</Trans>
        </>
      ) : null}
      {refund.reference ? (
        <>
          {' · '}
          <span className={styles.code} translate="no">
            {refund.reference}
          </span>
        </>
      ) : null}
      {refund.correctiveInvoice ? (
        <>
          {' · '}
          <Trans>corrective invoice {refund.correctiveInvoice}</Trans>
        </>
      ) : null}
      {refund.refundedAt ? null : (
        <>
          {' '}
          {/* Asked again with its own key: a refund that did go through is found, never made twice. */}
          <button
            type="button"
            className={button({ tone: 'outline', size: 'sm' })}
            disabled={retry.isPending}
            onClick={() => void act(() => retry.mutateAsync({ id: orderId, refundId: refund.id }), { success: t`Refund of ${amount} confirmed` })}
          >
            <Trans>Ask the payment provider again</Trans>
          </button>
        </>
      )}
    </>
  )
}

/**
 * The buyer withdrew from the contract (docs/product.md#withdrawal): when, how, their comment, and
 * what the shop does: the refund with "Reembolsar" once the panels are back, within 14 days.
 */
function WithdrawalNotice({ order }: { order: AdminOrder }) {
  const language = useLanguage()
  const withdrawal = order.withdrawal
  if (!withdrawal) return null
  const on = formatDate(withdrawal.at, language, true)
  const refunded = order.paymentStatus === 'refunded'
  return (
    <div className={styles.withdrawal} role="note" data-testid="withdrawal-notice">
      <p className={styles.subheading}>
        {withdrawal.channel === 'account' ? (
          <Trans>The buyer withdrew from the contract on {on}, from their account.</Trans>
        ) : (
          <Trans>The buyer withdrew from the contract on {on}, through the link in the order’s emails.</Trans>
        )}
      </p>
      {withdrawal.comment ? (
        <p>
          <Trans>Their comment: {withdrawal.comment}</Trans>
        </p>
      ) : null}
      <p>
        {refunded ? (
          <Trans>The order has been refunded in full.</Trans>
        ) : (
          <Trans>Once the panels are back, refund the order with “Refund”: within 14 days of the withdrawal.</Trans>
        )}
      </p>
    </div>
  )
}
