import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/index.ts'
import { seedProducts } from '../../db/seed-data.ts'
import { createServices, type Services } from '../index.ts'
import { sharedCatalogShop } from '../../../tests/helpers/catalog-shop.ts'
import { testEnv } from '../../../tests/helpers/env.ts'
import { testPublicUrl } from '../../../tests/helpers/constants.ts'
import { shopperCheckout } from '../../../tests/helpers/paid-checkout.ts'
import { recordingMailer } from '../../../tests/helpers/recording-mailer.ts'
import { silentLog } from '../../../tests/helpers/silent-log.ts'
import { callerAs, insertUser } from '../../../tests/helpers/users.ts'
import { formatEuros } from '../../../core/money.ts'

// docs/product.md#owner: the shop hears of every paid order, contact message and wholesale request
// at ORDER_NOTIFY_EMAILS (default: the company's email), in Spanish, Reply-To the customer.

const shop = sharedCatalogShop()
const product = seedProducts[0]!
const notify = { ORDER_NOTIFY_EMAILS: 'pedidos@panelestorrevieja.es, Almacen@panelestorrevieja.es' }
const shopInbox = 'pedidos@panelestorrevieja.es, Almacen@panelestorrevieja.es'

function shopWith(env: Record<string, string> = notify) {
  const mail = recordingMailer()
  const services: Services = createServices(testEnv(env), shop.db, silentLog, { mailer: mail })
  const checkout = (opts: { pickup?: boolean; pay?: boolean; quantity?: number } = {}) =>
    shopperCheckout(shop.db, { ...opts, productId: shop.ids.get(product.slug)!, env, overrides: { mailer: mail } })
  return { mail, services, checkout, alerts: () => mail.sent.filter((message) => message.kind === 'order-shop-alert') }
}

const orderRow = async (id: string) => (await shop.db.select().from(orders).where(eq(orders.id, id)))[0]!

describe('a paid order', () => {
  it('emails the shop the number, the customer, the lines, the total, the delivery and a link to its admin page', async () => {
    const { mail, checkout, alerts } = shopWith()
    const order = await checkout({ quantity: 3 })
    const row = await orderRow(order.id)
    const total = formatEuros(row.totalCents, 'es')
    expect(alerts()).toHaveLength(1)
    const [alert] = alerts()
    expect(alert).toMatchObject({
      to: shopInbox,
      subject: `Nuevo pedido ${row.orderNumber}: ${total}`,
      replyTo: { name: row.customerName, address: order.email },
    })
    expect(alert!.text).toContain(`${row.customerName} (${order.email}, +34 600 11 12 22) ha pagado el pedido ${row.orderNumber}`)
    expect(alert!.text).toContain(
      `3 × ${product.nameEs} a ${formatEuros(product.priceRetailCents, 'es')}: ${formatEuros(3 * product.priceRetailCents, 'es')}`,
    )
    expect(alert!.text).toContain('Entrega: Envío a domicilio (Península) · gratis · 3–5 días laborables')
    expect(alert!.text).toContain('Enviar a: ')
    expect(alert!.text).toContain(`Total pagado (IVA incluido): ${total}`)
    expect(alert!.text).toContain(`${testPublicUrl}/admin/orders/${order.id}`)
    expect(alert!.html).toContain(`href="${testPublicUrl}/admin/orders/${order.id}"`)
    // The buyer's own confirmation still goes to the buyer alone.
    expect(mail.sent.filter((message) => message.kind === 'order-confirmation').map((message) => message.to)).toEqual([order.email])
  })

  it('says a pickup is to be prepared at the showroom, with no address', async () => {
    const { checkout, alerts } = shopWith()
    await checkout({ pickup: true })
    const [alert] = alerts()
    expect(alert!.text).toContain('Entrega: Recogida en la exposición (Torrevieja) · gratis · ')
    expect(alert!.text).not.toContain('Enviar a:')
  })

  it('is told once however often the payment is confirmed, and never for an order not paid', async () => {
    const { services, checkout, alerts } = shopWith()
    const unpaid = await checkout({ pay: false })
    expect(alerts()).toEqual([])
    const paid = await checkout()
    // The test provider's page confirms again, and the worker's pass finds nothing left to send.
    await paid.caller.checkout.confirm({ orderId: paid.id, sessionId: (await orderRow(paid.id)).paymentSessionId! })
    await services.orders.jobs.runDue()
    expect(alerts()).toHaveLength(1)
    expect(alerts()[0]!.text).toContain((await orderRow(paid.id)).orderNumber)
    expect(JSON.stringify(alerts())).not.toContain((await orderRow(unpaid.id)).orderNumber)
  })

  it('goes to the company’s email when ORDER_NOTIFY_EMAILS is not set', async () => {
    const { services, checkout, alerts } = shopWith({})
    await checkout()
    expect(alerts().map((message) => message.to)).toEqual([services.company.email])
  })
})

describe('a contact message and a wholesale request', () => {
  it('reach ORDER_NOTIFY_EMAILS, Reply-To the sender', async () => {
    const { mail, services } = shopWith()
    const visitor = await callerAs(shop.db, 'anonymous', { services })
    await visitor.forms.contact({ name: 'Ana Ruiz', company: '', email: 'ana@example.com', phone: '', message: '¿Tienen el mármol blanco en 3 m?' })
    const customer = await callerAs(shop.db, 'customer', { services, user: await insertUser(shop.db, 'customer') })
    await customer.b2b.request({
      name: 'Marta Gil',
      company: 'Reformas Gil S.L.',
      email: 'compras@reformasgil.es',
      taxId: 'b-03999992',
      phone: '+34 600 111 222',
    })
    expect(mail.sent.filter((message) => message.kind === 'contact' || message.kind === 'b2b-request')).toMatchObject([
      { kind: 'contact', to: shopInbox, replyTo: { name: 'Ana Ruiz', address: 'ana@example.com' } },
      { kind: 'b2b-request', to: shopInbox, replyTo: { name: 'Marta Gil', address: 'compras@reformasgil.es' } },
    ])
  })
})
