import { randomUUID } from 'node:crypto'
import { signedWebhook, type FakeStripe } from './fake-stripe.ts'

/**
 * Stripe's webhook deliveries for the fake: each event is posted, signed, to the endpoint until it
 * answers 2xx, retried meanwhile (Stripe retries for days with a growing delay; here every
 * `retryMs`), as a shop that was down or crashed sees them.
 */
export interface WebhookSender {
  /** Queues `type` about the fake's session `sessionId` as it is now (e.g. after markPaid). */
  send(type: string, sessionId: string): void
  /** Events not yet acknowledged with a 2xx. */
  pending(): number
  /** Every delivery attempt, acknowledged or not. */
  readonly attempts: Array<{ eventId: string; status: number | 'unreachable' }>
  /** Resolves once every event is acknowledged; rejects after `timeoutMs`. */
  drained(timeoutMs: number): Promise<void>
  stop(): void
}

export function startWebhookSender(fake: FakeStripe, opts: { url: string; secret: string; retryMs?: number }): WebhookSender {
  const queue = new Map<string, object>()
  const attempts: WebhookSender['attempts'] = []
  let stopped = false
  let busy = false

  async function post(eventId: string, payload: object) {
    const { body, signature } = signedWebhook(payload, opts.secret)
    try {
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
        signal: AbortSignal.timeout(10_000),
      })
      attempts.push({ eventId, status: res.status })
      await res.arrayBuffer()
      if (res.ok) queue.delete(eventId)
    } catch {
      attempts.push({ eventId, status: 'unreachable' })
    }
  }

  const timer = setInterval(() => {
    if (busy || stopped || queue.size === 0) return
    busy = true
    void Promise.all([...queue].map(([eventId, payload]) => post(eventId, payload))).finally(() => (busy = false))
  }, opts.retryMs ?? 300)

  return {
    send(type, sessionId) {
      const session = fake.sessions.get(sessionId)
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`)
      const id = `evt_${randomUUID().replaceAll('-', '')}`
      queue.set(id, {
        id,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object: { ...session } },
      })
    },
    pending: () => queue.size,
    attempts,
    async drained(timeoutMs) {
      const deadline = Date.now() + timeoutMs
      while (queue.size > 0) {
        if (Date.now() > deadline) throw new Error(`${queue.size} webhook events still unacknowledged after ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    stop() {
      stopped = true
      clearInterval(timer)
    },
  }
}
