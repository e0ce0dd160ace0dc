import { msg } from '@lingui/core/macro'
import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatDate, formatNumber } from '../../lib/format.ts'
import { orderStatusLabels, paymentStatusLabels } from '../../lib/order-status.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { addressLines } from '../../../core/address.ts'
import { formatEuros } from '../../../core/money.ts'
import { PageLoading } from '../PageLoading.tsx'
import { DialogPanel } from '../ui/DialogPanel.tsx'
import * as dialog from '../ui/dialog.css.ts'
import * as styles from './admin.css.ts'
import { Pager } from './Pager.tsx'
import { AdminTable } from './AdminTable.tsx'
import { OrderLines } from '../orders/OrderLines.tsx'

type OrderStatus = RouterOutputs['admin']['orders']['list']['orders'][number]['status']
const statuses: OrderStatus[] = ['pending', 'confirmed', 'cancelled']
const isStatus = (value: string): value is OrderStatus => statuses.some((s) => s === value)

/** Every order, newest first, 25 a page, filterable by status; each opens with its lines and address. */
export function AdminOrders() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const filterId = useId()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<OrderStatus | null>(null)
  const { data, isFetching } = useQuery({
    ...trpc.admin.orders.list.queryOptions(status ? { page, status } : { page }),
    placeholderData: keepPreviousData,
  })
  if (!data) return <PageLoading />
  const total = formatNumber(data.total, language)
  return (
    <section className={styles.section} aria-labelledby="orders-heading" aria-busy={isFetching}>
      <div className={styles.toolbar}>
        <h2 id="orders-heading" className={styles.heading}>
          <Trans>Orders ({total})</Trans>
        </h2>
        <div>
          <label htmlFor={filterId} className={styles.muted}>
            <Trans>Status</Trans>
          </label>{' '}
          <select
            id={filterId}
            className={styles.select}
            value={status ?? ''}
            onChange={(event) => {
              const value = event.target.value
              setStatus(isStatus(value) ? value : null)
              setPage(1)
            }}
          >
            <option value="">{i18n._(allStatuses)}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {i18n._(orderStatusLabels[s])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AdminTable
        labelledBy="orders-heading"
        testId="admin-orders"
        columns={[t`Order`, t`Date`, t`Customer`, { label: t`Panels`, numeric: true }, { label: t`Total`, numeric: true }, t`Status`, t`Payment`]}
        rows={data.orders.length}
        empty={<Trans>No orders yet</Trans>}
      >
        {data.orders.map((order) => (
          <tr key={order.id}>
            <td className={styles.td}>
              <OrderDetails id={order.id} number={order.orderNumber} />
            </td>
            <td className={`${styles.td} ${styles.nowrap}`}>
              <time dateTime={order.createdAt}>{formatDate(order.createdAt, language, true)}</time>
            </td>
            <td className={styles.td}>
              {order.customerName}
              <br />
              <span className={styles.muted}>{order.customerEmail}</span>
            </td>
            <td className={`${styles.td} ${styles.numeric}`}>{formatNumber(order.panels, language)}</td>
            <td className={`${styles.td} ${styles.numeric}`}>{formatEuros(order.totalCents, language)}</td>
            <td className={styles.td}>{i18n._(orderStatusLabels[order.status])}</td>
            <td className={styles.td}>{i18n._(paymentStatusLabels[order.paymentStatus])}</td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={data.page} pageCount={data.pageCount} onPage={setPage} label={t`Order pages`} />
    </section>
  )
}

const allStatuses = msg`All`

/** The order number opens the order: its lines, total, contact and shipping address. */
function OrderDetails({ id, number }: { id: string; number: string }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const [open, setOpen] = useState(false)
  const { data: order } = useQuery({ ...trpc.admin.orders.get.queryOptions({ id }), enabled: open })
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={styles.linkButton} aria-label={t`Open order ${number}`}>
        {number}
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Order {number}</Trans>}>
        {order ? (
          <div className={styles.details}>
            <Dialog.Description className={dialog.description}>
              {formatDate(order.createdAt, language, true)} · {i18n._(orderStatusLabels[order.status])} ·{' '}
              {i18n._(paymentStatusLabels[order.paymentStatus])}
            </Dialog.Description>
            <OrderLines order={order} />
            <div>
              <h3>
                <Trans>Customer</Trans>
              </h3>
              <p>
                {order.customerName}
                <br />
                <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
                <br />
                <a href={`tel:${order.customerPhone}`}>{order.customerPhone}</a>
              </p>
            </div>
            <div>
              <h3>
                <Trans>Shipping address</Trans>
              </h3>
              <address>
                {addressLines(i18n, order.shippingAddress).map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
            </div>
          </div>
        ) : (
          <Dialog.Description asChild>
            <div>
              <PageLoading />
            </div>
          </Dialog.Description>
        )}
      </DialogPanel>
    </Dialog.Root>
  )
}
