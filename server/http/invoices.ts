import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client.ts'
import { AppError } from '../errors.ts'
import { findInvoiceForViewer } from '../services/invoices.ts'
import { pdfOfInvoice } from '../services/invoice-pdf/index.ts'
import { roleRefusal } from '../trpc.ts'
import { requestLanguage } from './request-info.ts'
import { invoiceFileName, invoiceNumberPattern } from '../../core/invoices.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'

/**
 * `GET /invoices/<number>.pdf` (docs/product.md#invoices): an invoice's PDF for its buyer or an
 * admin. Anyone else, and any number that does not exist, gets the same 404, so numbers cannot be
 * probed.
 */
export async function invoiceRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.get<{ Params: { number: string } }>('/invoices/:number.pdf', async (req, reply) => {
    // Personal and legal data: never kept by a browser or a shared cache.
    reply.header('cache-control', 'private, no-store')
    const ctx = await app.requestContext(req, reply)
    if (!ctx.user) {
      // A browser following a link from an email goes to sign in, then to the orders where it is.
      if (req.headers.accept?.includes('text/html')) {
        const language = requestLanguage(req)
        return reply.redirect(localizedPath(`/auth?redirect=${localizedPath('/orders', language)}`, language), 303)
      }
      throw new AppError('UNAUTHORIZED', messages.signInRequired)
    }
    const number = req.params.number
    // An admin who must turn on two-factor first reads only their own invoices, as admin.* refuses them.
    const admin = roleRefusal(ctx, 'admin') === null
    const invoice = invoiceNumberPattern.test(number) ? await findInvoiceForViewer(opts.db, number, { userId: ctx.user.id, admin }) : null
    if (!invoice) throw new AppError('NOT_FOUND', messages.invoiceNotFound)
    const pdf = await pdfOfInvoice(opts.db, invoice)
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${invoiceFileName(invoice.number, invoice.language)}"`)
      .send(pdf)
  })
}
