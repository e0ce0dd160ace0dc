import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '../db/schema/index.ts'
import { createServices } from '../services/index.ts'
import { orderLinkDays, orderLinkToken, readOrderLinkToken } from '../services/orders/order-links.ts'
import { paymentLinkKey } from '../services/orders/payment-links.ts'
import { withdrawalToken } from '../services/orders/withdrawals.ts'
import { translate } from '../i18n.ts'
import { messages } from '../../core/messages.ts'
import { testEnv } from '../../tests/helpers/app.ts'
import { eventually } from '../../tests/helpers/eventually.ts'
import { httpShopper, productIds } from '../../tests/helpers/http-shopper.ts'
import { shopperCheckout } from '../../tests/helpers/paid-checkout.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { silentLog } from '../../tests/helpers/silent-log.ts'
import { insertUser } from '../../tests/helpers/users.ts'

// docs/product.md#orders: the order's emails lead to it: a guest's to a signed read-only page for
// 30 days (`/order/<order>.<expiry>.<signature>`, a key of its own), an account's to /orders; the
// confirmation gives the delivery window, the shipped email the carrier's tracking page too.
// Pages come from the client build (`npm test` builds first).

const t = sharedTestApp({ pages: true })
let productId: string
beforeAll(async () => {
  productId = [...(await productIds(t.app)).values()][0]!
})

const key = () => paymentLinkKey(t.env.BETTER_AUTH_SECRET)
const visitor = () => httpShopper(t.app, { ip: `192.0.40.${Math.floor(Math.random() * 200) + 1}` })
const byLink = (token: string) => visitor().query<{ orderNumber: string; paymentStatus: string; status: string }>('orders.byLink', { token })

/** The email of `kind` sent to `to` (waited for: an order's emails are jobs run after the change commits). */
async function mailOf(to: string, kind: string) {
  const find = () =>
    t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.kind, kind)))
  await eventually(async () => (await find()).length > 0)
  const [mail] = await find()
  return mail!
}

const orderLinkIn = (text: string) => /https?:\/\/\S+\/order\/([0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null

describe('a guest’s order emails', () => {
  let guest: { id: string; email: string; token: string }
  beforeAll(async () => {
    const paid = await shopperCheckout(t.database.db, { productId })
    const confirmation = await mailOf(paid.email, 'order-confirmation')
    const token = orderLinkIn(confirmation.text)
    expect(token, confirmation.text).not.toBeNull()
    guest = { id: paid.id, email: paid.email, token: token! }
  })

  it('the confirmation links the order for 30 days (in both parts), never "My orders", and gives the delivery window', async () => {
    const confirmation = await mailOf(guest.email, 'order-confirmation')
    expect(confirmation.html).toContain(`/order/${guest.token}`)
    expect(confirmation.text).not.toContain('/orders')
    expect(confirmation.text).toContain('durante los próximos 30 días')
    // The window the shop promised at checkout (core/delivery.ts): working days, for home delivery.
    expect(confirmation.text).toMatch(/Envío a domicilio \(Península\): [^\n]+ · \d+[–-]?\d* días laborables/)
    const expires = Number(guest.token.split('.')[1]) * 1000
    expect(Math.abs(expires - (Date.now() + orderLinkDays * 86_400_000))).toBeLessThan(10 * 60_000)
  })

  it('opens the order read-only through real HTTP: the page, noindex, never stored, never cached, with no contact details', async () => {
    const answer = await byLink(guest.token)
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })
    expect(answer.res.headers['cache-control']).toContain('no-store')
    expect(JSON.stringify(answer.data)).not.toContain(guest.email)

    const first = await t.app.inject({ method: 'GET', url: `/order/${guest.token}` })
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain(answer.data!.orderNumber)
    expect(first.body).toMatch(/<meta name="robots" content="noindex"/)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(first.headers['x-html-cache']).toBeUndefined()
    expect(first.body).not.toContain(guest.email)
    const english = await t.app.inject({ method: 'GET', url: `/en/order/${guest.token}` })
    expect(english.body).toContain('Your order')
  })

  it('refuses a tampered link, an expired one, another order’s signature and a withdrawal link’s, saying so in the reader’s language', async () => {
    const [orderId, expires, signature] = guest.token.split('.') as [string, string, string]
    const other = await shopperCheckout(t.database.db, { productId })
    const otherToken = orderLinkToken(key(), other.id, new Date(Number(expires) * 1000))
    const flipped = signature.at(-1) === 'A' ? 'B' : 'A'
    const refused = [
      `${orderId}.${expires}.${signature.slice(0, -1)}${flipped}`,
      // A later expiry under the old signature.
      `${orderId}.${Number(expires) + 86_400}.${signature}`,
      // Signed, but its 30 days are over.
      orderLinkToken(key(), orderId, new Date(Date.now() - 1000)),
      // Another order's signature on this order.
      `${orderId}.${expires}.${otherToken.split('.')[2]}`,
      // The withdrawal link's signature (its own key) is no order link's.
      `${orderId}.${expires}.${withdrawalToken(key(), orderId).split('.')[1]}`,
      'not-a-token',
    ]
    for (const token of refused) {
      const answer = await byLink(token)
      expect(answer.status, token).toBe(404)
      expect(answer.error?.message).toBe(translate('es', messages.orderLinkInvalid))
    }
    expect((await httpShopper(t.app, { language: 'en' }).query('orders.byLink', { token: refused[0] })).error?.message).toBe(
      translate('en', messages.orderLinkInvalid),
    )
    const page = await t.app.inject({ method: 'GET', url: `/order/${refused[0]}` })
    expect(page.body).toContain('Este enlace al pedido no funciona')
    expect(page.headers['x-html-cache']).toBeUndefined()
    // Valid on its 29th day, not after its 30th.
    expect(readOrderLinkToken(key(), guest.token, new Date(Date.now() + 29 * 86_400_000))).toBe(orderId)
    expect(readOrderLinkToken(key(), guest.token, new Date(Date.now() + (orderLinkDays + 1) * 86_400_000))).toBeNull()
  })

  it('the shipped email links the carrier’s tracking page and the order’s signed page', async () => {
    const services = createServices(testEnv(), t.database.db, silentLog)
    const actor = { kind: 'admin' as const, id: null, email: 'admin@example.com' }
    await services.orders.ship({ id: guest.id, carrier: 'SEUR', tracking: 'ES123' }, { actor, log: silentLog })
    const shipped = await mailOf(guest.email, 'order-shipped')
    expect(shipped.text).toContain('https://www.seur.com/livetracking/?segOnlineIdentificador=ES123')
    const token = orderLinkIn(shipped.text)
    expect(token).not.toBeNull()
    expect(shipped.html).toContain(`/order/${token}`)
    expect(shipped.text).not.toMatch(/\/orders\b/)
    expect((await byLink(token!)).data).toMatchObject({ status: 'shipped' })
  })
})

describe('an account’s order emails', () => {
  it('lead to My orders, not to a signed link', async () => {
    const buyer = await insertUser(t.database.db, 'customer')
    const paid = await shopperCheckout(t.database.db, { productId, buyer, language: 'en' })
    const confirmation = await mailOf(paid.email, 'order-confirmation')
    expect(confirmation.text).toContain('You can follow your order in My orders: http')
    expect(confirmation.text).toMatch(/\/en\/orders\b/)
    expect(orderLinkIn(confirmation.text)).toBeNull()
    const services = createServices(testEnv(), t.database.db, silentLog)
    await services.orders.ship(
      { id: paid.id, carrier: 'SEUR', tracking: 'ES9' },
      { actor: { kind: 'admin', id: null, email: 'a@example.com' }, log: silentLog },
    )
    const shipped = await mailOf(paid.email, 'order-shipped')
    expect(shipped.text).toMatch(/You can also follow your order here: \S+\/en\/orders/)
    expect(orderLinkIn(shipped.text)).toBeNull()
  })
})
