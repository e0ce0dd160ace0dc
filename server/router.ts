import { accountRouter } from './routers/account.ts'
import { cartRouter } from './routers/cart.ts'
import { checkoutRouter } from './routers/checkout.ts'
import { ordersRouter } from './routers/orders.ts'
import { catalogRouter } from './routers/catalog.ts'
import { createCallerFactory, router } from './trpc.ts'

export const appRouter = router({
  account: accountRouter,
  catalog: catalogRouter,
  cart: cartRouter,
  checkout: checkoutRouter,
  orders: ordersRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
