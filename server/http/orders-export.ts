/**
 * The admin's orders list as a file (docs/product.md#fulfilment): `/admin/orders/export.csv` and
 * `.xlsx`, with the list's own filters in the query (q, status, payment, delivery, from, to: what
 * /admin/orders has in its URL), to an admin only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { AppError } from '../errors.ts'
import { orderExportRows, ordersCsv, ordersXlsx } from '../services/orders/export.ts'
import { madridDay } from '../services/admin-summary.ts'
import { roleRefusal } from '../trpc.ts'
import { deliveryMethods } from '../../core/delivery.ts'
import { messages } from '../../core/messages.ts'
import { paymentFilters, statusFilters } from '../../core/order-flow.ts'
import { withdrawalFilters } from '../../core/withdrawal.ts'

const exportQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(statusFilters).optional(),
    payment: z.enum(paymentFilters).optional(),
    delivery: z.enum(deliveryMethods).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    withdrawal: z.enum(withdrawalFilters).optional(),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: messages.dateRangeInverted.id })

export async function ordersExportRoutes(app: FastifyInstance, opts: { db: Database }) {
  const file = (format: 'csv' | 'xlsx') => async (req: FastifyRequest<{ Querystring: Record<string, string> }>, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store')
    const ctx = await app.requestContext(req, reply)
    const refusal = roleRefusal(ctx, 'admin')
    if (refusal) throw refusal
    const parsed = exportQuery.safeParse(req.query)
    if (!parsed.success) throw new AppError('BAD_REQUEST', messages.ordersExportInvalid)
    const { q, status, payment, delivery, from, to, withdrawal } = parsed.data
    const rows = await orderExportRows(opts.db, { search: q || undefined, status, paymentStatus: payment, delivery, from, to, withdrawal })
    req.log.info({ format, orders: rows.length, adminId: ctx.user?.id }, 'orders exported')
    reply.header('content-disposition', `attachment; filename="pedidos-${madridDay(new Date())}.${format}"`)
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(ordersCsv(rows, ctx.language))
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await ordersXlsx(rows, ctx.language))
  }
  app.get('/admin/orders/export.csv', file('csv'))
  app.get('/admin/orders/export.xlsx', file('xlsx'))
}
