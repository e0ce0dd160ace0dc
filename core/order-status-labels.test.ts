import { describe, expect, it } from 'vitest'
import { notChargedLabel, paymentLabelOf, paymentStatusLabels } from './order-status-labels.ts'

describe("an order's payment badge", () => {
  it('says "not charged" for a cancelled order never paid, not that it awaits payment', () => {
    expect(paymentLabelOf('cancelled', 'pending')).toBe(notChargedLabel)
    expect(paymentLabelOf('cancelled', 'failed')).toBe(notChargedLabel)
  })

  it('says the payment state otherwise, a payment given back after cancelling included', () => {
    expect(paymentLabelOf('cancelled', 'refunded')).toBe(paymentStatusLabels.refunded)
    expect(paymentLabelOf('pending', 'pending')).toBe(paymentStatusLabels.pending)
    expect(paymentLabelOf('pending', 'failed')).toBe(paymentStatusLabels.failed)
    expect(paymentLabelOf('shipped', 'paid')).toBe(paymentStatusLabels.paid)
  })
})
