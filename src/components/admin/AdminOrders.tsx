import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { PageLoading } from '../PageLoading.tsx'
import { button } from '../ui/button.css.ts'
import { AdminSection } from './AdminSection.tsx'
import { orderFilters, ordersListInput } from './orders/orders-filters.ts'
import { OrdersTable } from './orders/OrdersTable.tsx'

/** How many of the newest orders the dashboard shows; /admin/orders has them all, with filters. */
const recentCount = 10

/** The dashboard's newest orders, each opening its page, and the way to all of them. */
export function AdminOrders() {
  const trpc = useTRPC()
  const language = useLanguage()
  // The same query as the first page of /admin/orders (and the dashboard's loader).
  const { data } = useQuery(trpc.admin.orders.list.queryOptions(ordersListInput(orderFilters({}))))
  if (!data) return <PageLoading />
  const total = formatNumber(data.total, language)
  return (
    <AdminSection
      headingId="orders-heading"
      title={<Trans>Recent orders</Trans>}
      action={
        <Link to="/admin/orders" className={button({ tone: 'outline', size: 'sm' })}>
          <Trans>All orders ({total})</Trans>
        </Link>
      }
    >
      <OrdersTable orders={data.orders.slice(0, recentCount)} caption={<Trans>Recent orders</Trans>} empty={<Trans>No orders yet</Trans>} />
    </AdminSection>
  )
}
