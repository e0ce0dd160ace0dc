import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

// The shop's Prometheus metrics, one registry per process: the process's own (memory, event loop,
// GC), requests per route pattern (never the raw URL: unbounded and personal), tRPC calls by
// outcome, orders, payment and webhook failures, and the email queue.

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

/** The database pool's connections by state (active, idle, idle in transaction), as PostgreSQL sees them. */
export const dbConnections = new Gauge({
  name: 'shop_db_connections',
  help: 'This process’s PostgreSQL connections by state (pg_stat_activity); the pool opens at most shop_db_pool_max.',
  labelNames: ['state'] as const,
  registers: [registry],
})

export const dbPoolMax = new Gauge({
  name: 'shop_db_pool_max',
  help: 'How many PostgreSQL connections this process opens at most.',
  registers: [registry],
})

/** The VERI*FACTU records of the service in use by the AEAT's answer: pending, accepted, accepted_with_errors, rejected, conflict. */
export const verifactuRecords = new Gauge({
  name: 'shop_verifactu_records',
  help: 'VERI*FACTU billing records by state: pending (not answered by the AEAT yet), accepted, accepted_with_errors, rejected, conflict.',
  labelNames: ['state'] as const,
  registers: [registry],
})

/**
 * The registry's text, the gauges read first from the app's database (the email queue, the pool's
 * connections); a source that fails leaves its gauge out rather than failing the scrape.
 */
export async function metricsText(
  sources: {
    emailCounts?: () => Promise<Record<string, number>>
    poolUse?: () => Promise<{ max: number; byState: Record<string, number> } | null>
    verifactuCounts?: () => Promise<Record<string, number> | null>
  } = {},
): Promise<string> {
  emails.reset()
  verifactuRecords.reset()
  dbConnections.reset()
  dbPoolMax.reset()
  const [counts, pool, records] = await Promise.all([
    sources.emailCounts?.().catch(() => null),
    sources.poolUse?.().catch(() => null),
    sources.verifactuCounts?.().catch(() => null),
  ])
  for (const [state, value] of Object.entries(counts ?? {})) emails.set({ state }, value)
  for (const [state, value] of Object.entries(records ?? {})) verifactuRecords.set({ state }, value)
  if (pool) {
    dbPoolMax.set(pool.max)
    for (const [state, value] of Object.entries(pool.byState)) dbConnections.set({ state }, value)
  }
  return registry.metrics()
}
