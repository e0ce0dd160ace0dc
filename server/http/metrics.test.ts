import { randomUUID } from 'node:crypto'
import { describe, expect, inject, it } from 'vitest'
import { createTestApp } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { httpShopper, productIds, testShipping } from '../../tests/helpers/http-shopper.ts'
import { freePort } from '../../tests/helpers/server-process.ts'

// Prometheus metrics, never public. With METRICS_TOKEN, /metrics answers a bearer of it
// only; with METRICS_PORT, it is served on a port of its own bound to 127.0.0.1 and the shop's
// port has none; without either, there is no /metrics at all. A checkout shows in the counters.

const token = 'metrics-token-for-the-test-0123'
const onPostgres = inject('pgTemplateUrl') !== null

/** One sample's value in the Prometheus text, or 0 when the series is not there yet. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe('/metrics with METRICS_TOKEN', () => {
  const t = sharedTestApp({ env: { METRICS_TOKEN: token } })
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.body
  }

  it('refuses anyone without the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcd', `Basic ${token}`, token]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })
      expect(res.statusCode).toBe(401)
      expect(res.body).not.toContain('shop_')
    }
  })

  it('counts a checkout: the route, the procedure, the order created and paid, the email sent', async () => {
    const before = await scrape()
    const shopper = httpShopper(t.app)
    const ids = await productIds(t.app)
    await shopper.mutation('cart.add', { productId: [...ids.values()][0], quantity: 2 })
    const created = await shopper.mutation<{ orderId: string; paymentUrl: string }>('checkout.create', {
      shipping: testShipping,
      checkoutKey: randomUUID(),
    })
    expect(created.status).toBe(200)
    const sessionId = decodeURIComponent(created.data!.paymentUrl.split('/').at(-1)!)
    expect((await shopper.mutation('testPayments.pay', { sessionId })).status).toBe(200)
    expect((await shopper.mutation('checkout.confirm', { orderId: created.data!.orderId, sessionId })).status).toBe(200)
    await t.app.inject({ method: 'GET', url: '/no-such-page-3f9c' })
    const after = await scrape()

    const grew = (series: string) => sample(after, series) - sample(before, series)
    expect(grew('shop_http_requests_total{method="POST",route="/trpc/:path",status="200"}')).toBe(4)
    expect(grew('shop_trpc_calls_total{procedure="checkout.create",type="mutation",outcome="ok"}')).toBe(1)
    expect(grew('shop_orders_created_total')).toBe(1)
    expect(grew('shop_orders_paid_total')).toBe(1)
    expect(sample(after, 'shop_emails{state="sent"}')).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'shop_http_request_duration_seconds_count{method="POST",route="/trpc/:path"}')).toBeGreaterThanOrEqual(4)
    expect(after).toContain('shop_process_resident_memory_bytes')
    // Route patterns only: no URL a visitor typed, no product slug, no order id.
    expect(after).toContain('route="unmatched"')
    expect(after).not.toContain('no-such-page')
    expect(after).not.toContain(created.data!.orderId)
  })

  it.runIf(onPostgres)('shows the database pool’s use: this process’s connections by state, and its size', async () => {
    await Promise.all(Array.from({ length: 3 }, () => t.app.inject({ method: 'GET', url: '/trpc/cart.get' })))
    const text = await scrape()
    expect(sample(text, 'shop_db_pool_max')).toBe(10)
    // The scrape's own query is one active connection at least; the others wait idle in the pool.
    expect(sample(text, 'shop_db_connections{state="active"}')).toBeGreaterThanOrEqual(1)
    expect(sample(text, 'shop_db_connections{state="active"}') + sample(text, 'shop_db_connections{state="idle"}')).toBeLessThanOrEqual(10)
  })

  it.skipIf(onPostgres)('has no pool figures on the embedded database (one connection inside the process)', async () => {
    expect(await scrape()).not.toMatch(/^shop_db_connections\{/m)
  })

  it('counts a refused procedure call by its error code', async () => {
    const before = await scrape()
    await httpShopper(t.app).query('orders.list')
    const after = await scrape()
    const series = 'shop_trpc_calls_total{procedure="orders.list",type="query",outcome="UNAUTHORIZED"}'
    expect(sample(after, series) - sample(before, series)).toBe(1)
  })
})

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist on the shop’s port; with METRICS_PORT it is served on 127.0.0.1 at that port', async () => {
    const metricsPort = await freePort()
    const t = await createTestApp({ env: { METRICS_PORT: String(metricsPort) } })
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404)
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('shop_http_requests_total')
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404)
    } finally {
      await t.app.close()
    }
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow()
  })
})
