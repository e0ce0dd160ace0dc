import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router'
import { toast } from '../lib/toast.ts'
import { button } from '../components/ui/button.css.ts'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useLanguage } from '../i18n/useLanguage.ts'
import { formatEuros } from '../../core/money.ts'
import { cancelReasonLabels } from '../lib/order-status.ts'
import { pageHead } from '../lib/seo.ts'
import { serverMessage } from '../lib/server-message.ts'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { onDemand, useStandIn } from '../lib/on-demand.ts'
import { useTRPC, type RouterOutputs } from '../lib/trpc.ts'
import { OrderLines } from '../components/orders/OrderLines.tsx'
import { OrderNumber } from '../components/orders/OrderNumber.tsx'
import { StatusBadges } from '../components/orders/StatusBadges.tsx'
import { ConfirmingPayment } from '../components/orders/ConfirmingPayment.tsx'
import * as styles from './-orders.css.ts'
import { Form } from '../components/ui/Form.tsx'
import * as dialog from '../components/ui/dialog.css.ts'
import * as formStyles from '../components/ui/form.css.ts'
import { canWithdraw } from '../../core/withdrawal.ts'
import { ordersDone } from '../../core/orders-pages.ts'

type Order = RouterOutputs['orders']['list'][number]

/**
 * Which order's confirmation the page shows in place (`cancel`, `withdraw`: where its buttons lead
 * before their dialogs' code is there), and what a form posted without JavaScript did
 * (`cancelled`, `withdrawn`: core/orders-pages.ts). Each is an order number.
 */
interface OrdersSearch {
  cancel?: string
  withdraw?: string
  [ordersDone.cancelled]?: string
  [ordersDone.withdrawn]?: string
}
const searchKeys = ['cancel', 'withdraw', ordersDone.cancelled, ordersDone.withdrawn] as const

// The statement's form and its rules: the server's HTML at once, their code once the page is up.
const withdrawalInPage = hydrateLater(() => import('../components/orders/WithdrawalInPage.tsx').then((module) => module.WithdrawalInPage))
const WithdrawalInPage = withdrawalInPage.Component

export const Route = createFileRoute('/orders')({
  validateSearch: (search: Record<string, unknown>): OrdersSearch => {
    const valid: OrdersSearch = {}
    for (const key of searchKeys) {
      const value = search[key]
      if (typeof value === 'string' && value.length <= 64) valid[key] = value
    }
    return valid
  },
  // Convenience only: orders.list itself refuses anyone not signed in.
  beforeLoad: async ({ context: { queryClient, trpc } }) => {
    const me = await queryClient.ensureQueryData(trpc.account.me.queryOptions())
    if (!me) throw redirect({ to: '/auth', search: { redirect: '/orders' } })
  },
  loaderDeps: ({ search }) => ({ withdraw: search.withdraw !== undefined }),
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    // The statement's code comes with the page's data, so hydrating the page finds it there.
    await Promise.all([queryClient.ensureQueryData(trpc.orders.list.queryOptions()), deps.withdraw ? withdrawalInPage.preload() : null])
  },
  head: ({ match }) => ({
    ...pageHead(match.context, {
      title: match.context.i18n._(msg`My orders`),
      description: match.context.i18n._(msg`Your orders and their status.`),
      path: '/orders',
    }),
  }),
  component: OrdersPage,
})

function useDateFormat(options: Intl.DateTimeFormatOptions) {
  const language = useLanguage()
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'es-ES', { ...options, timeZone: 'Europe/Madrid' })
}

/** How often, and how many times, /orders asks again while the provider has not confirmed an order's payment. */
const confirmingRefetchMs = 3_000
const confirmingRefetches = 10

function OrdersPage() {
  const trpc = useTRPC()
  const { data: orders } = useSuspenseQuery({
    ...trpc.orders.list.queryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((order) => order.confirmingPayment) && query.state.dataUpdateCount <= confirmingRefetches ? confirmingRefetchMs : false,
  })
  const search = Route.useSearch()
  // Said only of one of the caller's own orders (the number comes from the address bar).
  const cancelled = orders.find((order) => order.orderNumber === search.cancelled)?.orderNumber
  const withdrawn = orders.find((order) => order.orderNumber === search.withdrawn)?.orderNumber
  return (
    <>
      <PageHeader title={<Trans>My orders</Trans>} />
      <div className={styles.page}>
        {cancelled ? <CancelledNotice number={cancelled} /> : null}
        {withdrawn ? <WithdrawnNotice number={withdrawn} /> : null}
        {orders.length === 0 ? (
          <div className={styles.empty}>
            <p>
              <Trans>You have no orders yet.</Trans>
            </p>
            <Link to="/shop" className={button({ tone: 'primary' })}>
              <Trans>Go to shop</Trans>
            </Link>
          </div>
        ) : (
          <ul className={styles.list}>
            {orders.map((order) => (
              <li key={order.id} className={styles.order}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

/** What the dialogs' toasts say, on the page: after a form of it was posted without JavaScript, or sent from its in-page confirmation. */
function CancelledNotice({ number }: { number: string }) {
  return (
    <p className={formStyles.formDone} role="status">
      <Trans>Order {number} cancelled</Trans>
    </p>
  )
}

function WithdrawnNotice({ number }: { number: string }) {
  return (
    <p className={formStyles.formDone} role="status">
      <Trans>Withdrawal from order {number} received: we have emailed you the acknowledgment</Trans>
    </p>
  )
}

// Shipment and invoice links: text and plain links, whose code comes after the page's first
// download (the server renders them in full: lib/hydrate-later.tsx).
const OrderFollowUp = hydrateLater(() => import('../components/orders/OrderFollowUp.tsx').then((module) => module.OrderFollowUp)).Component

function OrderCard({ order }: { order: Order }) {
  const { i18n } = useLingui()
  const language = useLanguage()
  const dateFormat = useDateFormat({ dateStyle: 'long', timeStyle: 'short' })
  const waiting = order.status === 'pending' && order.paymentStatus !== 'paid'
  const lastRefund = order.refunds.at(-1)
  const refundedOn = lastRefund?.refundedAt ? dateFormat.format(new Date(lastRefund.refundedAt)) : null
  const refundedSoFar = formatEuros(
    order.refunds.reduce((sum, refund) => sum + (refund.kind === 'order_payment' ? (refund.amountCents ?? 0) : 0), 0),
    language,
  )
  return (
    <article aria-labelledby={`order-${order.id}`} data-testid="order" data-order-number={order.orderNumber}>
      <header className={styles.orderHead}>
        <h2 id={`order-${order.id}`} className={styles.number}>
          <OrderNumber value={order.orderNumber} />
        </h2>
        <p className={styles.date}>
          <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
        </p>
        <p className={styles.badges}>
          <StatusBadges status={order.status} paymentStatus={order.paymentStatus} />
        </p>
      </header>
      {order.status === 'cancelled' && order.cancelReason ? <p className={styles.note}>{i18n._(cancelReasonLabels[order.cancelReason])}</p> : null}
      {order.paymentStatus === 'refunded' ? (
        <p className={styles.note}>
          {refundedOn ? (
            <Trans>Refunded on {refundedOn}: the full amount goes back to the payment method you used.</Trans>
          ) : (
            <Trans>Refunded: the full amount goes back to the payment method you used.</Trans>
          )}
        </p>
      ) : order.paymentStatus === 'partially_refunded' ? (
        <p className={styles.note} data-testid="partial-refund">
          <Trans>{refundedSoFar} of this order has been refunded to the payment method you used.</Trans>
        </p>
      ) : null}
      <OrderLines order={order} />
      {order.shipments.length > 0 || order.invoices.length > 0 ? <OrderFollowUp order={order} /> : null}
      {waiting && order.confirmingPayment ? (
        <div className={styles.pending}>
          <ConfirmingPayment className={styles.note} />
        </div>
      ) : waiting ? (
        <PendingActions order={order} />
      ) : null}
      <Withdrawal order={order} />
    </article>
  )
}

/** "Pay now" and "Cancel" on an order waiting for payment (docs/product.md#orders). */
function PendingActions({ order }: { order: Order }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const timeFormat = useDateFormat({ dateStyle: 'long', timeStyle: 'short' })
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.orders.list.queryKey() })
  const pay = useMutation(
    trpc.orders.pay.mutationOptions({
      onSuccess: async (step) => {
        // The same tab, as at checkout: a new tab is blocked by pop-up blockers and loses the shopper.
        if (step.paymentUrl) window.location.assign(step.paymentUrl)
        else await refresh()
      },
      onError: async (error) => {
        await refresh()
        toast.error(serverMessage(error, t`Error processing order`))
      },
    }),
  )
  const until = order.payableUntil ? timeFormat.format(new Date(order.payableUntil)) : null
  const number = order.orderNumber
  const asked = Route.useSearch({ select: (search) => search.cancel === number })
  return (
    <div className={styles.pending}>
      <p className={styles.note}>
        {until ? (
          <Trans>This order is waiting for payment. You can pay it until {until}; after that it is cancelled.</Trans>
        ) : (
          <Trans>This order is waiting for payment.</Trans>
        )}
      </p>
      <div className={styles.actions}>
        {/* A form of its own: before or without the page's script, the server opens the payment page (server/http/orders-form.ts). */}
        <Form onSubmit={() => pay.mutate({ id: order.id })} className={styles.payForm}>
          <input type="hidden" name="form" value="pay" />
          <input type="hidden" name="id" value={order.id} />
          <button
            type="submit"
            className={button({ tone: 'accent' })}
            disabled={pay.isPending || pay.isSuccess}
            aria-label={t`Pay order ${number} now`}
          >
            {pay.isPending || pay.isSuccess ? <Trans>Opening the payment page...</Trans> : <Trans>Pay now</Trans>}
          </button>
        </Form>
        <CancelOrder order={order} onDone={refresh} />
      </div>
      {asked ? <CancelInPage order={order} onDone={refresh} /> : null}
    </div>
  )
}

// The cancel dialog (Radix) downloads once the page is idle, or at once when its button is used first.
const cancelDialog = onDemand(() => import('../components/orders/CancelOrderDialog.tsx').then((module) => module.CancelOrderDialog))

/** A stand-in's click opens its dialog once loaded, instead of following the link to the confirmation in the page. */
const openInstead = (onClick: () => void) => (event: { preventDefault: () => void }) => {
  event.preventDefault()
  onClick()
}

function CancelOrder({ order, onDone }: { order: Order; onDone: () => Promise<unknown> }) {
  const { t } = useLingui()
  const { Loaded: Dialog, handoff, standInProps } = useStandIn(cancelDialog)
  const asked = Route.useSearch({ select: (search) => search.cancel === order.orderNumber })
  const number = order.orderNumber
  // The confirmation is in the page, below the buttons.
  if (asked) return null
  if (Dialog) return <Dialog orderId={order.id} number={number} onDone={onDone} handoff={handoff} />
  // A link to the confirmation in the page until the dialog's code is there: before or without
  // JavaScript the order can still be cancelled; with it, a click opens the dialog once loaded.
  return (
    <Link
      to="/orders"
      search={{ cancel: number }}
      hash={`order-${order.id}`}
      className={button({ tone: 'outline' })}
      aria-label={t`Cancel order ${number}`}
      {...standInProps}
      onClick={openInstead(standInProps.onClick)}
    >
      <Trans>Cancel order</Trans>
    </Link>
  )
}

/**
 * "Cancel order"'s question in the page itself (`/orders?cancel=<number>`), posted to the server
 * before or without JavaScript (server/http/orders-form.ts), sent as the dialog sends it with it.
 */
function CancelInPage({ order, onDone }: { order: Order; onDone: () => Promise<unknown> }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const number = order.orderNumber
  const cancel = useMutation(
    trpc.orders.cancel.mutationOptions({
      onSuccess: async () => {
        await onDone()
        await navigate({ to: '/orders', search: { cancelled: number }, replace: true })
      },
      onError: async (error) => {
        await onDone()
        await navigate({ to: '/orders', replace: true })
        toast.error(serverMessage(error, t`Something went wrong`))
      },
    }),
  )
  return (
    <section className={dialog.inPage} aria-labelledby={`cancel-${order.id}`}>
      <h3 id={`cancel-${order.id}`} className={dialog.title}>
        <Trans>Cancel order {number}?</Trans>
      </h3>
      <p className={dialog.description}>
        <Trans>The order will not be paid or sent. Your cart stays as it is, so you can order again whenever you like.</Trans>
      </p>
      <Form onSubmit={() => cancel.mutate({ id: order.id })} className={dialog.actions}>
        <input type="hidden" name="form" value="cancel" />
        <input type="hidden" name="id" value={order.id} />
        <Link to="/orders" className={button({ tone: 'outline' })}>
          <Trans>Keep the order</Trans>
        </Link>
        <button type="submit" className={button({ tone: 'danger' })} disabled={cancel.isPending}>
          {cancel.isPending ? <Trans>Cancelling...</Trans> : <Trans>Yes, cancel it</Trans>}
        </button>
      </Form>
    </section>
  )
}

/**
 * The buyer's withdrawal (docs/product.md#withdrawal): when it was received, or until when it may be
 * sent and "Desistir del contrato" while it may.
 */
function Withdrawal({ order }: { order: Order }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const dayFormat = useDateFormat({ dateStyle: 'long' })
  const timeFormat = useDateFormat({ dateStyle: 'long', timeStyle: 'short' })
  const { Loaded: Dialog, handoff, standInProps } = useStandIn(withdrawDialog)
  const asked = Route.useSearch({ select: (search) => search.withdraw === order.orderNumber })
  if (order.withdrawal) {
    const on = timeFormat.format(new Date(order.withdrawal.at))
    return (
      <p className={styles.note} data-testid="withdrawal">
        <Trans>Withdrawal received on {on}. Send the panels back as our returns page explains; we refund you once they are back.</Trans>
      </p>
    )
  }
  const open = canWithdraw({ ...order, deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null }, new Date())
  if (!open) return null
  const until = order.withdrawalUntil ? dayFormat.format(new Date(order.withdrawalUntil)) : null
  const number = order.orderNumber
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.orders.list.queryKey() })
  const defaults = { name: order.customerName, email: order.customerEmail }
  return (
    <div className={styles.pending}>
      {until ? (
        <p className={styles.note}>
          <Trans>You may withdraw from this order until {until}.</Trans>
        </p>
      ) : null}
      {asked ? (
        <WithdrawalInPage orderId={order.id} number={number} defaults={defaults} onDone={refresh} />
      ) : (
        <div className={styles.actions}>
          {Dialog ? (
            <Dialog orderId={order.id} number={number} defaults={defaults} onDone={refresh} handoff={handoff} />
          ) : (
            // A link to the statement in the page until the dialog's code is there (as "Cancel order").
            <Link
              to="/orders"
              search={{ withdraw: number }}
              hash={`order-${order.id}`}
              className={button({ tone: 'outline' })}
              aria-label={t`Withdraw from the contract of order ${number}`}
              {...standInProps}
              onClick={openInstead(standInProps.onClick)}
            >
              <Trans>Withdraw from the contract</Trans>
            </Link>
          )}
        </div>
      )}
    </div>
  )
}

// The withdrawal dialog (Radix) downloads once the page is idle, or at once when its button is used first.
const withdrawDialog = onDemand(() => import('../components/orders/WithdrawOrderDialog.tsx').then((module) => module.WithdrawOrderDialog))
