// The order screens' code, one download for both routes (/admin/orders and /admin/orders/$id): each
// route's definition is in every page's first download, and one shared import keeps them small.
export { loadOrders, OrdersPage } from './OrdersPage.tsx'
export { loadOrder, OrderPage } from './OrderPage.tsx'
