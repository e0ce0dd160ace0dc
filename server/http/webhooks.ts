import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client.ts'
import type { Services } from '../services/index.ts'
import { InvalidSignatureError } from '../services/payments/provider.ts'
import { webhookFailures } from '../metrics.ts'

/** Stripe's webhook: the raw body is needed to verify the signature (docs/decisions/007). */
export async function webhooks(app: FastifyInstance, opts: { db: Database; services: Services }) {
  const { stripe } = opts.services
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
  app.post('/webhooks/stripe', async (req, reply) => {
    if (!stripe) return reply.status(404).send({ error: 'Stripe is not configured' })
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    const signature = req.headers['stripe-signature']
    let event
    try {
      event = stripe.parseWebhook(body, typeof signature === 'string' ? signature : undefined)
    } catch (error) {
      if (error instanceof InvalidSignatureError) {
        req.log.warn('Stripe webhook with an invalid signature refused')
        webhookFailures.inc({ reason: 'signature' })
        return reply.status(400).send({ error: 'Invalid signature' })
      }
      throw error
    }
    try {
      await opts.services.orders.applyProviderEvent({ event }, { log: req.log })
    } catch (error) {
      // Answered 5xx: Stripe delivers it again later.
      webhookFailures.inc({ reason: 'error' })
      throw error
    }
    return { received: true }
  })
}
