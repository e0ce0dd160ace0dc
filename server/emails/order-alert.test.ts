import { describe, expect, it } from 'vitest'
import { renderOrderAlert } from './order-alert.ts'
import { sampleCompany } from '../../core/company.ts'

describe("the shop's alert of a paid order", () => {
  it("shows the customer's phone as people read it, another country's too", () => {
    const alert = renderOrderAlert(
      {
        orderNumber: 'ORD-2026-000124',
        customerName: 'Emma Walker',
        customerEmail: 'emma@example.com',
        customerPhone: '+447700900123',
        language: 'en',
        items: [{ nameEs: 'Mármol Carrara', quantity: 3, unitPriceCents: 3990, subtotalCents: 11_970 }],
        taxCents: 0,
        surchargeRateBasisPoints: null,
        shippingCostCents: 1500,
        totalCents: 13_470,
        deliveryMethod: 'home',
        deliveryZone: 'peninsula',
        deliveryMinDays: 2,
        deliveryMaxDays: 4,
        shippingAddress: { line1: 'Calle Mayor 1', line2: null, city: 'Torrevieja', state: 'Alicante', postal_code: '03181', country: 'ES' },
        adminUrl: 'https://shop.example/admin/orders/1',
      },
      sampleCompany,
    )
    expect(alert.text).toContain('+44 7700 900123')
    expect(alert.html).toContain('+44 7700 900123')
    expect(alert.text).not.toContain('+447700900123')
  })
})
