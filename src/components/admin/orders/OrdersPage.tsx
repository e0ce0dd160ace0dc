import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { paymentFilters, statusFilters, type PaymentFilter, type StatusFilter } from '../../../../core/order-flow.ts'
import { paymentFilterLabels, statusFilterLabels } from '../../../lib/order-status.ts'
import { useTRPC } from '../../../lib/trpc.ts'
import { PageLoading } from '../../PageLoading.tsx'
import { button } from '../../ui/button.css.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { SelectField } from '../../ui/SelectField.tsx'
import { TextField } from '../../ui/TextField.tsx'
import * as admin from '../admin.css.ts'
import type { AdminContext } from '../admin-context.ts'
import { Pager } from '../Pager.tsx'
import { useChosen } from '../use-chosen.ts'
import {
  isDay,
  isDeliveryMethod,
  isWithdrawalFilter,
  isFiltered,
  isInverted,
  orderFilters,
  ordersExportHref,
  ordersListInput,
  ordersSearchMax,
} from './orders-filters.ts'
import { deliveryMethodLabels, deliveryMethods } from '../../../../core/delivery.ts'
import { withdrawalFilters, type WithdrawalFilter } from '../../../../core/withdrawal.ts'
import type { OrdersSearch } from './orders-search.ts'
import { OrdersTable } from './OrdersTable.tsx'
import { SearchBox } from '../SearchBox.tsx'
import * as styles from './OrdersPage.css.ts'

/** The withdrawal filter's options (docs/product.md#withdrawal). */
const withdrawalFilterLabels: Record<WithdrawalFilter, MessageDescriptor> = {
  pending: msg`Withdrawn, to refund`,
  all: msg`Withdrawn`,
}

const route = getRouteApi('/admin/orders')

const isOrderStatus = (value: string): value is StatusFilter => statusFilters.some((status) => status === value)
const isPaymentFilter = (value: string): value is PaymentFilter => paymentFilters.some((filter) => filter === value)

/**
 * The route's loader, here with the page's code rather than in every page's first download. Admin
 * data only for an admin (the layout, src/routes/admin.tsx, says whether).
 */
export async function loadOrders({ queryClient, trpc, adminAccess }: AdminContext, search: OrdersSearch) {
  const filters = orderFilters(search)
  if (!adminAccess || isInverted(filters)) return
  await queryClient.ensureQueryData(trpc.admin.orders.list.queryOptions(ordersListInput(filters)))
}

export function OrdersPage() {
  return (
    <>
      <PageHeader title={<Trans>Orders</Trans>} lead={<Trans>Find an order, see where it stands, ship it, cancel it or refund it.</Trans>}>
        <div className={styles.headerActions}>
          <Link to="/admin/orders/new" className={button({ tone: 'accent' })}>
            <Trans>New order</Trans>
          </Link>
        </div>
      </PageHeader>
      <Orders />
    </>
  )
}

function Orders() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const filters = orderFilters(route.useSearch())
  const navigate = route.useNavigate()
  const inverted = isInverted(filters)
  // The table being replaced stays (marked busy for assistive technology) until the next one is there.
  const { data, isFetching, isError } = useQuery({
    ...trpc.admin.orders.list.queryOptions(ordersListInput(filters)),
    placeholderData: keepPreviousData,
    enabled: !inverted,
  })

  // Filters change the URL: Back returns to the previous table. A new filter starts at page 1.
  const filter = (next: Partial<OrdersSearch>, replace = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }), replace })
  const [status, setStatus] = useChosen(filters.status ?? '')
  const [payment, setPayment] = useChosen(filters.payment ?? '')
  const [delivery, setDelivery] = useChosen(filters.delivery ?? '')
  const [withdrawal, setWithdrawal] = useChosen(filters.withdrawal ?? '')
  const [from, setFrom] = useChosen(filters.from ?? '')
  const [to, setTo] = useChosen(filters.to ?? '')

  // A status filter's options: any (the empty value) first, then each status by its label.
  const choices = <Status extends string>(any: string, statuses: readonly Status[], labels: Record<Status, MessageDescriptor>) => [
    { value: '', label: any },
    ...statuses.map((status) => ({ value: status, label: i18n._(labels[status]) })),
  ]

  const filtered = isFiltered(filters)
  const noMatch = <Trans>No orders match these filters.</Trans>
  return (
    <div className={styles.page}>
      <div className={styles.filters} role="group" aria-label={t`Filter orders`}>
        <SearchBox
          query={filters.q ?? ''}
          onSearch={(q) => filter({ q: q || undefined }, true)}
          label={t`Search by number, email or name`}
          formLabel={t`Search orders`}
          maxLength={ordersSearchMax}
        />
        <SelectField
          label={t`Status`}
          name="status"
          value={status}
          options={choices(t`All statuses`, statusFilters, statusFilterLabels)}
          onChange={(value) => {
            setStatus(value)
            filter({ status: isOrderStatus(value) ? value : undefined })
          }}
        />
        <SelectField
          label={t`Payment`}
          name="payment"
          value={payment}
          options={choices(t`All payments`, paymentFilters, paymentFilterLabels)}
          onChange={(value) => {
            setPayment(value)
            filter({ payment: isPaymentFilter(value) ? value : undefined })
          }}
        />
        <SelectField
          label={t`Delivery`}
          name="delivery"
          value={delivery}
          options={choices(t`All deliveries`, deliveryMethods, deliveryMethodLabels)}
          onChange={(value) => {
            setDelivery(value)
            filter({ delivery: isDeliveryMethod(value) ? value : undefined })
          }}
        />
        <SelectField
          label={t`Withdrawal`}
          name="withdrawal"
          value={withdrawal}
          options={choices(t`Any`, withdrawalFilters, withdrawalFilterLabels)}
          onChange={(value) => {
            setWithdrawal(value)
            filter({ withdrawal: isWithdrawalFilter(value) ? value : undefined })
          }}
        />
        {/* Typing a date changes it digit by digit: each step replaces the last in the history. */}
        <TextField
          label={t`Date from`}
          name="from"
          type="date"
          value={from}
          max={filters.to}
          onChange={(event) => {
            setFrom(event.target.value)
            filter({ from: isDay(event.target.value) ? event.target.value : undefined }, true)
          }}
        />
        <TextField
          label={t`Date to`}
          name="to"
          type="date"
          value={to}
          min={filters.from}
          error={inverted ? t`The end date is before the start date.` : undefined}
          onChange={(event) => {
            setTo(event.target.value)
            filter({ to: isDay(event.target.value) ? event.target.value : undefined }, true)
          }}
        />
      </div>
      <div className={styles.count}>
        <p aria-live="polite">{data && !inverted ? <Plural value={data.total} one="# order" other="# orders" /> : null}</p>
        {data && !inverted && data.total > 0 ? (
          <div className={styles.exports} role="group" aria-label={t`Export these orders`}>
            <a href={ordersExportHref(filters, 'csv')} download className={button({ tone: 'outline', size: 'sm' })}>
              <Trans>Export CSV</Trans>
            </a>
            <a href={ordersExportHref(filters, 'xlsx')} download className={button({ tone: 'outline', size: 'sm' })}>
              <Trans>Export Excel (XLSX)</Trans>
            </a>
          </div>
        ) : null}
        {filtered ? (
          <Link to="/admin/orders" search={{}} className={button({ tone: 'outline', size: 'sm' })}>
            <Trans>Clear filters</Trans>
          </Link>
        ) : null}
      </div>
      {inverted ? (
        <p className={admin.empty}>{noMatch}</p>
      ) : isError && !data ? (
        <p className={admin.empty} role="alert">
          <Trans>The orders could not be loaded. Reload the page to try again.</Trans>
        </p>
      ) : !data ? (
        <PageLoading />
      ) : (
        <>
          <OrdersTable
            orders={data.orders}
            caption={<Trans>Orders</Trans>}
            busy={isFetching}
            empty={filtered ? noMatch : <Trans>No orders yet</Trans>}
          />
          <Pager
            page={data.page}
            pageCount={data.pageCount}
            onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
            label={t`Order pages`}
          />
        </>
      )}
    </div>
  )
}
