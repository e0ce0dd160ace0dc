/**
 * The owner's VERI*FACTU files (docs/decisions/028), to an admin only: the libro registro de
 * facturas expedidas of a month or quarter (`/admin/verifactu/book.csv|xlsx?period=2026-12`), the
 * records of a period as the AEAT receives them (`/admin/verifactu/records.xml?from=…&to=…`), and
 * the system's declaración responsable (`/admin/verifactu/declaracion`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import type { Env } from '../env.ts'
import { AppError } from '../errors.ts'
import { bookCsv, bookPeriod, bookRows, bookXlsx } from '../services/verifactu/books.ts'
import { declarationHtml } from '../services/verifactu/declaration.ts'
import { inspectionDocument } from '../services/verifactu/inspection.ts'
import { roleRefusal } from '../trpc.ts'
import { messages } from '../../core/messages.ts'
import { verifactuModes } from '../../core/verifactu.ts'

const recordsQuery = z
  .object({ from: z.iso.date(), to: z.iso.date(), service: z.enum(verifactuModes).exclude(['off']).optional() })
  .refine((range) => range.from <= range.to, { message: messages.dateRangeInverted.id })

export async function verifactuRoutes(app: FastifyInstance, opts: { db: Database; env: Pick<Env, 'company' | 'verifactu'> }) {
  const { db, env } = opts
  /** The admin's request context, or the refusal (sign in, not allowed, two-factor) in their language. */
  async function asAdmin(req: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'private, no-store')
    const ctx = await app.requestContext(req, reply)
    const refusal = roleRefusal(ctx, 'admin')
    if (refusal) throw refusal
    return ctx
  }

  const book = (format: 'csv' | 'xlsx') => async (req: FastifyRequest<{ Querystring: { period?: string } }>, reply: FastifyReply) => {
    const ctx = await asAdmin(req, reply)
    const period = bookPeriod(String(req.query.period ?? ''))
    if (!period) throw new AppError('BAD_REQUEST', messages.bookPeriodInvalid)
    const rows = await bookRows(db, period)
    const name = `libro-registro-facturas-expedidas-${period.name}.${format}`
    req.log.info({ period: period.name, format, invoices: rows.length, adminId: ctx.user?.id }, 'invoice book downloaded')
    reply.header('content-disposition', `attachment; filename="${name}"`)
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(bookCsv(rows, ctx.language))
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await bookXlsx(rows, ctx.language, period.name))
  }
  app.get('/admin/verifactu/book.csv', book('csv'))
  app.get('/admin/verifactu/book.xlsx', book('xlsx'))

  app.get<{ Querystring: Record<string, string> }>('/admin/verifactu/records.xml', async (req, reply) => {
    const ctx = await asAdmin(req, reply)
    const parsed = recordsQuery.safeParse(req.query)
    if (!parsed.success) {
      const inverted = parsed.error.issues.some((issue) => issue.message === messages.dateRangeInverted.id)
      throw new AppError('BAD_REQUEST', inverted ? messages.dateRangeInverted : messages.recordsPeriodInvalid)
    }
    const { from, to } = parsed.data
    // The service in use; with VERIFACTU off, the real service's records made before.
    const service = parsed.data.service ?? (env.verifactu.mode === 'off' ? 'production' : env.verifactu.mode)
    const document = await inspectionDocument(db, service, { NombreRazon: env.company.legalName, NIF: env.company.taxId }, from, to)
    if (document.kind === 'empty') throw new AppError('NOT_FOUND', messages.noRecordsInPeriod)
    if (document.kind === 'tooMany') throw new AppError('BAD_REQUEST', messages.tooManyRecordsInPeriod)
    req.log.info({ from, to, service, records: document.count, adminId: ctx.user?.id }, 'VERI*FACTU records exported')
    return reply
      .type('application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="registros-verifactu-${service}-${from}-${to}.xml"`)
      .send(document.xml)
  })

  app.get('/admin/verifactu/declaracion', async (req, reply) => {
    await asAdmin(req, reply)
    const { system } = env.verifactu
    // Signed where the producer is: the company's town when the company made its own system.
    const place = system.NIF === env.company.taxId ? env.company.address.city : '(lugar del productor)'
    return reply.type('text/html; charset=utf-8').send(declarationHtml(system, place))
  })
}
