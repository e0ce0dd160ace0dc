import { z } from 'zod'
import { markAnswered, visitorMessages } from '../services/forms.ts'
import { getOrderFor, listAllOrders } from '../services/order-views.ts'
import { approvedB2bUsers, approveB2bRequest, pendingB2bRequests, rejectB2bRequest, revokeB2bAccess } from '../services/b2b.ts'
import { roleProcedure, router } from '../trpc.ts'
import { orderIdSchema } from '../../core/identifiers.ts'

/** Every procedure here is for admins only: the role is checked on the server, per call. */
const adminProcedure = roleProcedure('admin')

const requestId = z.object({ id: z.uuid() })
const orderStatuses = ['pending', 'confirmed', 'cancelled'] as const

const adminOrdersRouter = router({
  /** Every order, newest first, 25 a page. */
  list: adminProcedure
    .input(z.object({ page: z.number().int().min(1).max(100_000).default(1), status: z.enum(orderStatuses).optional() }).default({ page: 1 }))
    .query(({ ctx, input }) => listAllOrders(ctx.db, input)),
  /** One order with its items and shipping address. */
  get: adminProcedure
    .input(z.object({ id: orderIdSchema }))
    .query(({ ctx, input }) => getOrderFor(ctx.db, { userId: ctx.user.id, admin: true }, input.id)),
})

export const adminRouter = router({
  pendingRequests: adminProcedure.query(({ ctx }) => pendingB2bRequests(ctx.db)),
  approvedUsers: adminProcedure.query(({ ctx }) => approvedB2bUsers(ctx.db)),
  approve: adminProcedure.input(requestId).mutation(async ({ ctx, input }) => {
    await approveB2bRequest(
      ctx.db,
      { requestId: input.id, adminId: ctx.user.id },
      {
        mailer: ctx.services.mailer,
        publicUrl: ctx.services.publicUrl,
        company: ctx.services.company,
        log: ctx.log,
      },
    )
    return { ok: true as const }
  }),
  reject: adminProcedure.input(requestId).mutation(async ({ ctx, input }) => {
    await rejectB2bRequest(ctx.db, { requestId: input.id, adminId: ctx.user.id })
    return { ok: true as const }
  }),
  revoke: adminProcedure.input(z.object({ userId: z.string().min(1).max(100) })).mutation(async ({ ctx, input }) => {
    await revokeB2bAccess(ctx.db, { userId: input.userId, adminId: ctx.user.id })
    return { ok: true as const }
  }),
  /** Contact messages and catalog requests, newest first, 25 a page. */
  messages: adminProcedure
    .input(z.object({ page: z.number().int().min(1).max(100_000).default(1) }).default({ page: 1 }))
    .query(({ ctx, input }) => visitorMessages(ctx.db, input.page)),
  markAnswered: adminProcedure.input(requestId).mutation(async ({ ctx, input }) => {
    await markAnswered(ctx.db, { id: input.id, adminId: ctx.user.id })
    return { ok: true as const }
  }),
  orders: adminOrdersRouter,
})
