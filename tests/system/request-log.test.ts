import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchShopper } from '../helpers/fetch-shopper.ts'
import { linkIn, readOutbox, waitForMail } from '../helpers/mail-links.ts'
import { startProductionShop, type ProductionShop, type ServerProcess } from '../helpers/server-process.ts'

// The log an operator reads. The shop runs as the image runs it (production, JSON lines on stdout);
// a customer signs up, forgets the password and sets a new one through the emailed link, and buys
// with an address. Then the log is read: one line per request with its id, route, status and time,
// the id also sent back to the browser; and none of the passwords, the reset token, the session
// cookie, the phone or the street address anywhere in it.

let shop: ProductionShop
let server: ServerProcess
let dataDir: string
beforeAll(async () => {
  shop = await startProductionShop('log', { TRUST_PROXY: '127.0.0.1' })
  ;({ server, dataDir } = shop)
}, 120_000)
afterAll(async () => {
  await server?.stop()
  shop?.remove()
})

interface LogLine {
  level: number
  msg: string
  reqId?: string
  req?: { method: string; route: string | null; path: string }
  res?: { statusCode: number }
  responseTime?: number
}

describe('the request log', () => {
  it('has one line per request with its id, route, status and time, and no password, token, cookie or address', async () => {
    const email = `lucia-${randomUUID()}@example.com`
    const firstPassword = `Primera-${randomUUID()}`
    const secondPassword = `Segunda-${randomUUID()}`
    const street = `Calle del Registro ${Math.floor(Math.random() * 900 + 100)}`
    const phone = '611 223 344'
    const browser = fetchShopper(server.url, { forwardedFor: '10.16.0.7' })

    const signUp = await browser.auth('sign-up/email', { name: 'Lucía Ferrer', email, password: firstPassword })
    expect(signUp.status).toBe(200)
    const sessionCookie = [...browser.jar].find(([name]) => name.endsWith('session_token'))?.[1]
    expect(sessionCookie).toBeDefined()

    const reset = await browser.auth('request-password-reset', { email, redirectTo: '/auth/reset' })
    expect(reset.status).toBe(200)
    const mail = await waitForMail(
      () => readOutbox(join(dataDir, 'outbox')),
      email,
      (m) => m.includes('/auth/reset?token='),
    )
    const link = new URL(linkIn(mail, '/auth/reset?token='))
    const token = link.searchParams.get('token')!
    await browser.get(link.pathname + link.search)
    const changed = await browser.auth('reset-password', { token, newPassword: secondPassword })
    expect(changed.status).toBe(200)
    const signIn = await browser.auth('sign-in/email', { email, password: secondPassword })
    expect(signIn.status).toBe(200)

    const [product] = await browser.query<Array<{ id: string }>>('catalog.products')
    await browser.mutation('cart.add', { productId: product!.id, quantity: 2 })
    const shipping = {
      full_name: 'Lucía Ferrer',
      email,
      phone,
      address_line1: street,
      address_line2: '3º B',
      city: 'Torrevieja',
      state: '',
      postal_code: '03181',
      country: 'España',
    }
    const order = await browser.mutation<{ orderId: string; paymentUrl: string }>('checkout.create', { shipping, checkoutKey: randomUUID() })
    const sessionId = decodeURIComponent(order.paymentUrl.split('/').at(-1)!)
    await browser.mutation('testPayments.pay', { sessionId })
    const confirmed = await browser.post('/trpc/checkout.confirm', { orderId: order.orderId, sessionId })
    const requestId = confirmed.headers.get('x-request-id')
    expect(requestId).toMatch(/^[0-9a-f]{16}$/)
    expect((JSON.parse(confirmed.text) as { result: { data: { paymentStatus: string } } }).result.data.paymentStatus).toBe('paid')

    await new Promise((resolve) => setTimeout(resolve, 300))
    const log = server.output()
    const lines = log
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine)

    // The answer's id is the one its log line carries, with the route's pattern, the status and the time.
    const line = lines.find((entry) => entry.reqId === requestId && entry.msg === 'request completed')
    expect(line).toMatchObject({ req: { method: 'POST', route: '/trpc/:path', path: '/trpc/checkout.confirm' }, res: { statusCode: 200 } })
    expect(line?.responseTime).toBeGreaterThan(0)
    // One line per request: each id completes once.
    const completed = lines.filter((entry) => entry.msg === 'request completed')
    expect(completed.length).toBeGreaterThanOrEqual(10)
    expect(new Set(completed.map((entry) => entry.reqId)).size).toBe(completed.length)
    // The reset link's page was logged without its query.
    expect(completed.some((entry) => entry.req?.path === link.pathname)).toBe(true)

    for (const secret of [firstPassword, secondPassword, token, sessionCookie!, street, phone, '3º B']) {
      expect(log.includes(secret), `the log holds ${secret}`).toBe(false)
    }
    expect(log).not.toMatch(/"(cookie|authorization|password)"/i)
  }, 120_000)
})
