import { accountRouter } from './routers/account.ts'
import { addressRouter } from './routers/address.ts'
import { adminRouter } from './routers/admin.ts'
import { b2bRouter } from './routers/b2b.ts'
import { cartRouter } from './routers/cart.ts'
import { catalogRouter } from './routers/catalog.ts'
import { checkoutRouter } from './routers/checkout.ts'
import { formsRouter } from './routers/forms.ts'
import { ordersRouter } from './routers/orders.ts'
import { testPaymentsRouter } from './routers/test-payments.ts'
import { createCallerFactory, router } from './trpc.ts'

const shopRoutes = {
  account: accountRouter,
  address: addressRouter,
  catalog: catalogRouter,
  cart: cartRouter,
  checkout: checkoutRouter,
  orders: ordersRouter,
  b2b: b2bRouter,
  forms: formsRouter,
  admin: adminRouter,
}

/** Every procedure, the test payment page's included: the type the client is checked against. */
export const appRouter = router({ ...shopRoutes, testPayments: testPaymentsRouter })

/** What is served while real payments are on: `testPayments.*` does not exist (NOT_FOUND). */
export const liveRouter = router(shopRoutes)

export type AppRouter = typeof appRouter
export type ServedRouter = AppRouter | typeof liveRouter
export const createCaller = createCallerFactory(appRouter)
