import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Services } from '../services/index.ts'
import { localizedUrl } from '../../core/language-urls.ts'
import type { Language } from '../../core/language.ts'

/**
 * GET /pay/<token> (and /en/pay/<token>): a phone order's payment link (docs/product.md#phone-orders).
 * Each click opens the order's payment page at the provider (its open session, or a fresh one);
 * a paid order shows its confirmation, a cancelled or lapsed one (or a link that does not verify)
 * a page that says so. Never cached, and the token never leaves in a Referer.
 */
export async function paymentLinkRoutes(app: FastifyInstance, opts: { services: Services; publicUrl: string }) {
  const visit = (language: Language) => async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'private, no-store')
    reply.header('referrer-policy', 'no-referrer')
    const linkUrl = localizedUrl(opts.publicUrl, `/pay/${encodeURIComponent(req.params.token)}`, language)
    const where = await opts.services.orders.visitPaymentLink({ token: req.params.token, linkUrl }, { log: req.log })
    const page = (path: string, in_: Language) => reply.redirect(localizedUrl(opts.publicUrl, path, in_), 303)
    switch (where.to) {
      case 'provider':
        return reply.redirect(where.url, 303)
      case 'paid': {
        const session = where.sessionId ? `&session_id=${encodeURIComponent(where.sessionId)}` : ''
        return page(`/payment-success?order_id=${where.orderId}${session}`, where.language)
      }
      case 'closed':
        return page('/payment-link?state=closed', where.language)
      case 'invalid':
        return page('/payment-link?state=invalid', language)
    }
  }
  app.get('/pay/:token', visit('es'))
  app.get('/en/pay/:token', visit('en'))
}
