import { sampleCompany } from '../../core/company.ts'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { seedProducts } from '../../server/db/seed-data.ts'
import { httpShopper } from '../helpers/http-shopper.ts'
import { smtpTestApp } from '../helpers/smtp-app.ts'

// The whole purchase over HTTP with the built-in test provider, mail going to a real SMTP server.
const setup = smtpTestApp()

describe('a purchase with the test provider', () => {
  it('is paid only after the payment step, then emails the confirmation over SMTP in Spanish', async () => {
    const shopper = httpShopper(setup.app.app, { language: 'es' })
    const call = async <T>(path: string, input: unknown) => {
      const res = await shopper.mutation<T>(path, input)
      expect(res.status).toBe(200)
      return res.data!
    }
    const product = seedProducts[4]!
    const products = (await setup.app.app.inject({ method: 'GET', url: '/trpc/catalog.products' })).json<{
      result: { data: Array<{ id: string; slug: string }> }
    }>().result.data
    await call('cart.add', { productId: products.find((p) => p.slug === product.slug)!.id, quantity: 2 })
    const shipping = {
      full_name: 'María López',
      email: 'maria@example.com',
      phone: '600123456',
      address_line1: 'Calle del Mar 7',
      address_line2: '2º A',
      city: 'Torrevieja',
      state: 'Alicante',
      postal_code: '03181',
      country: 'España',
    }
    const { orderId, orderNumber, paymentUrl } = await call<{ orderId: string; orderNumber: string; paymentUrl: string }>('checkout.create', {
      shipping,
      checkoutKey: randomUUID(),
    })
    const sessionId = paymentUrl.split('/').at(-1)!

    // Visiting the success URL without paying proves nothing.
    expect(await call('checkout.confirm', { orderId, sessionId })).toMatchObject({ paymentStatus: 'pending', status: 'pending' })
    expect(setup.smtp.received).toHaveLength(0)

    const { redirectUrl } = await call<{ redirectUrl: string }>('testPayments.pay', { sessionId })
    expect(redirectUrl).toContain(`/payment-success?order_id=${orderId}`)
    expect(await call('checkout.confirm', { orderId, sessionId })).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' })

    // The buyer's confirmation, and the shop's alert to its own address.
    expect(setup.smtp.received.map((received) => received.to)).toEqual(expect.arrayContaining([['maria@example.com'], [sampleCompany.email]]))
    expect(setup.smtp.received).toHaveLength(2)
    const mail = setup.smtp.received.find((received) => received.to.includes('maria@example.com'))
    const decoded = mail!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    const text = Buffer.from(decoded, 'latin1').toString('utf8')
    expect(text).toContain(orderNumber)
    expect(text).toContain(product.nameEs)
    expect(text).toContain('Calle del Mar 7')
    expect(text).toMatch(/Gracias por su pedido/)
    expect((await shopper.query<{ count: number }>('cart.get')).data?.count).toBe(0)
  })
})
