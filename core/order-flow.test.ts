import { describe, expect, it } from 'vitest'
import {
  allowedTransitions,
  canApply,
  isApplied,
  orderFlow,
  orderStatuses,
  paymentStatuses,
  stateAfter,
  type OrderEvent,
  type OrderState,
} from './order-flow.ts'

// The table is the order's life (docs/decisions/022): these read it as the shop's users meet it.

const every: OrderState[] = orderStatuses.flatMap((status) => paymentStatuses.map((paymentStatus) => ({ status, paymentStatus })))
const events = Object.keys(orderFlow).filter((event): event is OrderEvent => event in orderFlow)
const state = (status: OrderState['status'], paymentStatus: OrderState['paymentStatus']): OrderState => ({ status, paymentStatus })

describe('the order transition table', () => {
  it('takes an order from its payment to its delivery, and lets a paid one be refunded at any point after, its goods where they got to', () => {
    let order = state(orderFlow.create.to.status, orderFlow.create.to.payment)
    for (const event of ['pay', 'ship', 'deliver', 'refund'] as const) {
      expect(canApply(event, order)).toBe(true)
      order = stateAfter(event, order)
      expect(isApplied(event, order)).toBe(true)
    }
    expect(order).toEqual(state('delivered', 'refunded'))
    for (const goods of ['confirmed', 'shipped'] as const) expect(stateAfter('refund', state(goods, 'paid'))).toEqual(state(goods, 'refunded'))
  })

  it('lets only unpaid pending orders be cancelled or expire, and pays a failed one on a new attempt', () => {
    for (const order of every) {
      const waiting = order.status === 'pending' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed')
      expect(canApply('cancel', order)).toBe(waiting)
      expect(canApply('expire', order)).toBe(waiting)
      expect(canApply('pay', order)).toBe(waiting)
    }
    expect(stateAfter('pay', state('pending', 'failed'))).toEqual(state('confirmed', 'paid'))
    expect(stateAfter('fail', state('pending', 'pending'))).toEqual(state('pending', 'failed'))
  })

  it('gives back a payment that came for a cancelled order, and says so on the order', () => {
    expect(canApply('refund_unused_payment', state('cancelled', 'pending'))).toBe(true)
    expect(stateAfter('refund_unused_payment', state('cancelled', 'pending'))).toEqual(state('cancelled', 'refunded'))
    expect(canApply('refund_unused_payment', state('confirmed', 'paid'))).toBe(false)
  })

  it('never applies an event from the state it leads to: asked again, it is a no-op, not a second change', () => {
    for (const event of events) {
      for (const order of every) if (isApplied(event, order)) expect(canApply(event, order)).toBe(false)
    }
  })

  it('says who may cause each event: the provider pays, only an admin ships or refunds, the shop expires', () => {
    const paid = state('confirmed', 'paid')
    expect(canApply('pay', state('pending', 'pending'), 'admin')).toBe(false)
    expect(canApply('pay', state('pending', 'pending'), 'provider')).toBe(true)
    expect(canApply('ship', paid, 'provider')).toBe(false)
    expect(canApply('ship', paid, 'customer')).toBe(false)
    expect(canApply('ship', paid, 'admin')).toBe(true)
    expect(canApply('refund', paid, 'customer')).toBe(false)
    expect(canApply('expire', state('pending', 'pending'), 'customer')).toBe(false)
    expect(canApply('cancel', state('pending', 'pending'), 'customer')).toBe(true)
  })

  it('offers the admin exactly the events that apply', () => {
    expect(allowedTransitions(state('pending', 'pending'))).toEqual({ ship: false, deliver: false, cancel: true, refund: false })
    expect(allowedTransitions(state('confirmed', 'paid'))).toEqual({ ship: true, deliver: false, cancel: false, refund: true })
    expect(allowedTransitions(state('shipped', 'paid'))).toEqual({ ship: false, deliver: true, cancel: false, refund: true })
    // Refunded before it left: neither shipped nor refunded again; refunded on its way: it may still arrive.
    expect(allowedTransitions(state('confirmed', 'refunded'))).toEqual({ ship: false, deliver: false, cancel: false, refund: false })
    expect(allowedTransitions(state('shipped', 'refunded'))).toEqual({ ship: false, deliver: true, cancel: false, refund: false })
  })
})
