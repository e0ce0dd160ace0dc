import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

// The shop's Prometheus metrics (issue 16), one registry per process: the process's own (memory,
// event loop, GC), requests per route pattern (never the raw URL: unbounded and personal), tRPC
// calls by outcome, orders, payment and webhook failures, and the email queue.

export const registry = new Registry()
collectDefaultMetrics({ register: registry, prefix: 'shop_' })

export const httpRequests = new Counter({
  name: 'shop_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
})

export const httpDuration = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const trpcCalls = new Counter({
  name: 'shop_trpc_calls_total',
  help: 'tRPC procedure calls, by procedure, type and outcome (ok, or the error code).',
  labelNames: ['procedure', 'type', 'outcome'] as const,
  registers: [registry],
})

export const ordersCreated = new Counter({
  name: 'shop_orders_created_total',
  help: 'Orders created at checkout.',
  registers: [registry],
})

export const ordersPaid = new Counter({
  name: 'shop_orders_paid_total',
  help: 'Orders whose payment was verified and confirmed.',
  registers: [registry],
})

export const paymentFailures = new Counter({
  name: 'shop_payment_failures_total',
  help: 'Payments that did not go through: failed at the provider, or refused by the shop (amount differs, order gone), by reason.',
  labelNames: ['reason'] as const,
  registers: [registry],
})

export const webhookFailures = new Counter({
  name: 'shop_webhook_failures_total',
  help: 'Payment webhook deliveries refused or failed, by reason (signature, error).',
  labelNames: ['reason'] as const,
  registers: [registry],
})

/** The email queue's rows by state (sent, pending, failed), read from the database when scraped. */
export const emails = new Gauge({
  name: 'shop_emails',
  help: 'Emails in the outbox by state: sent, pending (waiting for a retry) and failed (given up).',
  labelNames: ['state'] as const,
  registers: [registry],
})

/**
 * The registry's text, the email gauge read first from `emailCounts` (the app's database); a
 * source that fails leaves its gauge out rather than failing the scrape.
 */
export async function metricsText(sources: { emailCounts?: () => Promise<Record<string, number>> } = {}): Promise<string> {
  emails.reset()
  const counts = await sources.emailCounts?.().catch(() => null)
  for (const [state, value] of Object.entries(counts ?? {})) emails.set({ state }, value)
  return registry.metrics()
}
