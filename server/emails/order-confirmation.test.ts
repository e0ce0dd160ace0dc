import { describe, expect, it } from 'vitest'
import { renderOrderConfirmation, type OrderEmailData } from './order-confirmation.ts'
import { sampleCompany } from '../../core/company.ts'

const order: OrderEmailData = {
  orderNumber: 'ORD-1795320000000ABCDEFGHI',
  customerName: 'Ana <b>García</b> & Co',
  language: 'es',
  items: [{ productName: 'Mármol Carrara "blanco"', quantity: 3, unitPriceCents: 8055, subtotalCents: 24165 }],
  subtotalCents: 24165,
  totalCents: 24165,
  shippingAddress: { line1: 'Calle Mayor 12', line2: null, city: 'Torrevieja', state: 'Alicante', postal_code: '03181', country: 'España' },
}

describe('order confirmation email (rendered by the server from the catalogs)', () => {
  it('is in Spanish for a Spanish order, with the order, its lines and the address', () => {
    const email = renderOrderConfirmation(order, sampleCompany)
    expect(email.subject).toBe('Confirmación del pedido ORD-1795320000000ABCDEFGHI')
    expect(email.text).toContain('Hola, Ana <b>García</b> & Co:')
    expect(email.text).toContain('- Mármol Carrara "blanco": 3 × 80,55\u00a0€ = 241,65\u00a0€')
    expect(email.text).toContain('Total (IVA incluido): 241,65\u00a0€')
    expect(email.text).toContain('03181 Torrevieja')
    expect(email.html).toContain('<html lang="es">')
    expect(email.html).toContain('<strong>ORD-1795320000000ABCDEFGHI</strong>')
  })

  it('is in English for an English order', () => {
    const email = renderOrderConfirmation({ ...order, language: 'en' }, sampleCompany)
    expect(email.subject).toBe('Order confirmation ORD-1795320000000ABCDEFGHI')
    expect(email.text).toContain('Total (VAT included): €241.65')
  })

  it('links to the order’s withdrawal page, in the order’s language (docs/product.md#withdrawal)', () => {
    const url = 'http://localhost:3000/withdraw/abc.def'
    const email = renderOrderConfirmation({ ...order, withdrawalUrl: url }, sampleCompany)
    // The text part ends on the address: no full stop a mail reader could take into the link.
    expect(email.text).toContain(
      `Puede desistir del contrato sin indicar el motivo hasta 14 días después de la entrega, en línea desde este enlace: ${url}\n`,
    )
    expect(email.html).toContain(`<a href="${url}" style="color:`)
    expect(email.html).toContain('>este enlace</a>')
    const english = renderOrderConfirmation({ ...order, language: 'en', withdrawalUrl: `${url}?en` }, sampleCompany)
    expect(english.text).toContain(`until 14 days after delivery, online from this link: ${url}?en\n`)
    expect(renderOrderConfirmation(order, sampleCompany).text).not.toContain('desistir')
  })

  it('escapes what the shopper typed in the HTML', () => {
    const { html } = renderOrderConfirmation(order, sampleCompany)
    expect(html).not.toContain('<b>García</b>')
    expect(html).toContain('Ana &#60;b&#62;García&#60;/b&#62; &#38; Co')
    expect(html).toContain('Mármol Carrara &#34;blanco&#34;')
  })

  it('names the attached invoice and links to the buyer’s orders, in the order’s language', () => {
    const es = renderOrderConfirmation({ ...order, invoice: { number: '2026-000123', ordersUrl: 'https://tienda.example/orders' } }, sampleCompany)
    expect(es.text).toContain('Le adjuntamos su factura 2026-000123. También puede descargarla desde Mis pedidos (https://tienda.example/orders).')
    expect(es.html).toContain(
      'Le adjuntamos su factura <strong>2026-000123</strong>. También puede descargarla desde <a href="https://tienda.example/orders"',
    )
    const en = renderOrderConfirmation(
      { ...order, language: 'en', invoice: { number: '2026-000123', ordersUrl: 'https://tienda.example/en/orders' } },
      sampleCompany,
    )
    expect(en.text).toContain(
      'Your invoice 2026-000123 is attached to this email. You can also download it from My orders (https://tienda.example/en/orders).',
    )
  })

  it('tells a guest only that the invoice is attached (a guest has no orders page), and says nothing without one', () => {
    const guest = renderOrderConfirmation({ ...order, invoice: { number: '2026-000124', ordersUrl: null } }, sampleCompany)
    expect(guest.text).toContain('Le adjuntamos su factura 2026-000124.')
    expect(guest.text).not.toContain('Mis pedidos')
    const none = renderOrderConfirmation(order, sampleCompany)
    expect(none.text).not.toContain('factura')
  })

  it('says how the order travels, what that costs and when: home delivery with its price and window, in the order’s language', () => {
    const home = { deliveryMethod: 'home' as const, deliveryZone: 'peninsula' as const, deliveryMinDays: 3, deliveryMaxDays: 5 }
    const es = renderOrderConfirmation({ ...order, ...home, shippingCostCents: 2_500, totalCents: 26_665 }, sampleCompany)
    expect(es.text).toContain('Entrega\nEnvío a domicilio (Península): 25,00\u00a0€ · 3–5 días laborables\n')
    expect(es.text).toContain('Dirección de envío')
    expect(es.text).toContain('Le escribiremos cuando salga, con su seguimiento.')
    const free = renderOrderConfirmation({ ...order, ...home, deliveryZone: 'balearics', language: 'en', shippingCostCents: 0 }, sampleCompany)
    expect(free.text).toContain('Home delivery (Balearic Islands): free · 3–5 working days')
  })

  it('tells a buyer who collects at the showroom where and when, and no shipping address', () => {
    const pickup = { deliveryMethod: 'pickup' as const, deliveryZone: null, deliveryMinDays: 1, deliveryMaxDays: 1, shippingCostCents: 0 }
    const email = renderOrderConfirmation({ ...order, ...pickup }, sampleCompany)
    const { street, postalCode, city } = sampleCompany.address
    expect(email.text).toContain('Recogida en la exposición (Torrevieja): Lista 1 día laborable después del pago')
    expect(email.text).toContain(`En nuestra exposición: ${street}, ${postalCode} ${city}.`)
    expect(email.text).toContain('Le escribiremos cuando esté listo para recoger.')
    expect(email.text).not.toContain('Dirección de envío')
    expect(email.html).not.toContain('Dirección de envío')
  })
})
