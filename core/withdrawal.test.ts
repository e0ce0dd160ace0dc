import { describe, expect, it } from 'vitest'
import { canWithdraw, withdrawalDeadline, withdrawalLastMoment, withdrawalState, type WithdrawableOrder } from './withdrawal.ts'
import { withdrawalStatementSchema } from './withdrawal-statement.ts'
import { messages } from './messages.ts'

// The buyer's 14 days (docs/product.md#withdrawal): counted in Spain's calendar days from the day
// after delivery, the last day whole.

describe('withdrawalDeadline', () => {
  it('is null before delivery: the period has not started', () => {
    expect(withdrawalDeadline(null)).toBeNull()
  })

  it('ends at midnight (Spain) after the 14th day, in winter (UTC+1)', () => {
    // Delivered 10 January 2026 at 12:00 in Madrid: the last day is 24 January, ending 25 January 00:00 (23:00 UTC).
    expect(withdrawalDeadline(new Date('2026-01-10T11:00:00Z'))?.toISOString()).toBe('2026-01-24T23:00:00.000Z')
  })

  it('ends at midnight (Spain) after the 14th day, in summer (UTC+2)', () => {
    expect(withdrawalDeadline(new Date('2026-07-10T08:00:00Z'))?.toISOString()).toBe('2026-07-24T22:00:00.000Z')
  })

  it('counts from the day in Spain: delivered late at night UTC is already the next day there', () => {
    // 23:30 UTC on 10 July is 01:30 on 11 July in Madrid: the last day is 25 July.
    expect(withdrawalDeadline(new Date('2026-07-10T23:30:00Z'))?.toISOString()).toBe('2026-07-25T22:00:00.000Z')
    // 22:30 UTC on 10 January is 23:30 on 10 January in Madrid: still the 10th.
    expect(withdrawalDeadline(new Date('2026-01-10T22:30:00Z'))?.toISOString()).toBe('2026-01-24T23:00:00.000Z')
  })

  it('shows as its last moment the 14th day itself (23:59:59.999 in Spain)', () => {
    expect(withdrawalLastMoment(new Date('2026-07-10T08:00:00Z'))?.toISOString()).toBe('2026-07-24T21:59:59.999Z')
    expect(withdrawalLastMoment(null)).toBeNull()
  })

  it('crosses a change of time: delivered in winter time, ending in summer time', () => {
    // Delivered 20 March 2026 (UTC+1); the clocks go forward on 29 March; the period ends 4 April 00:00 UTC+2.
    expect(withdrawalDeadline(new Date('2026-03-20T10:00:00Z'))?.toISOString()).toBe('2026-04-03T22:00:00.000Z')
  })
})

describe('canWithdraw', () => {
  const delivered = new Date('2026-07-10T08:00:00Z')
  const order = (values: Partial<WithdrawableOrder>): WithdrawableOrder => ({
    status: 'delivered',
    paymentStatus: 'paid',
    deliveredAt: delivered,
    ...values,
  })

  it('allows a paid order from payment until delivery, and 14 days after it', () => {
    const now = new Date('2026-07-20T10:00:00Z')
    for (const status of ['confirmed', 'partially_shipped', 'shipped'] as const)
      expect(canWithdraw(order({ status, deliveredAt: null }), now), status).toBe(true)
    expect(canWithdraw(order({}), now)).toBe(true)
    expect(canWithdraw(order({ paymentStatus: 'partially_refunded' }), now)).toBe(true)
    expect(canWithdraw(order({}), new Date('2026-07-24T21:59:59Z'))).toBe(true)
  })

  it('refuses after the 14th day, and orders not paid, cancelled or refunded in full', () => {
    expect(canWithdraw(order({}), new Date('2026-07-24T22:00:00Z'))).toBe(false)
    const now = new Date('2026-07-12T10:00:00Z')
    expect(canWithdraw(order({ status: 'pending', paymentStatus: 'pending', deliveredAt: null }), now)).toBe(false)
    expect(canWithdraw(order({ status: 'pending', paymentStatus: 'failed', deliveredAt: null }), now)).toBe(false)
    expect(canWithdraw(order({ status: 'cancelled', paymentStatus: 'pending', deliveredAt: null }), now)).toBe(false)
    expect(canWithdraw(order({ paymentStatus: 'refunded' }), now)).toBe(false)
  })
})

describe('withdrawalState', () => {
  const now = new Date('2026-07-12T10:00:00Z')
  const base: WithdrawableOrder = { status: 'delivered', paymentStatus: 'paid', deliveredAt: new Date('2026-07-10T08:00:00Z') }

  it('says until when, or why not, or when it was withdrawn', () => {
    expect(withdrawalState(base, null, now)).toEqual({ state: 'open', until: new Date('2026-07-24T22:00:00.000Z') })
    expect(withdrawalState({ ...base, status: 'confirmed', deliveredAt: null }, null, now)).toEqual({ state: 'open', until: null })
    const at = new Date('2026-07-11T09:00:00Z')
    expect(withdrawalState(base, at, now)).toEqual({ state: 'withdrawn', at })
    expect(withdrawalState(base, null, new Date('2026-08-01T00:00:00Z'))).toEqual({ state: 'closed', reason: 'expired' })
    expect(withdrawalState({ ...base, paymentStatus: 'refunded' }, null, now)).toEqual({ state: 'closed', reason: 'refunded' })
    expect(withdrawalState({ status: 'cancelled', paymentStatus: 'pending', deliveredAt: null }, null, now)).toEqual({
      state: 'closed',
      reason: 'cancelled',
    })
    expect(withdrawalState({ status: 'pending', paymentStatus: 'pending', deliveredAt: null }, null, now)).toEqual({
      state: 'closed',
      reason: 'unpaid',
    })
  })
})

describe('withdrawalStatementSchema', () => {
  it('takes a name and an email, the comment optional', () => {
    expect(withdrawalStatementSchema.parse({ name: ' Ana Pérez ', email: 'ana@example.com' })).toEqual({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      comment: '',
    })
  })

  it('refuses a missing name, a bad email and a comment too long, each with its message', () => {
    const result = withdrawalStatementSchema.safeParse({ name: ' ', email: 'nope', comment: 'x'.repeat(2001) })
    expect(result.success).toBe(false)
    const issues = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))
    expect(issues).toEqual({ name: messages.required.id, email: messages.invalidEmail.id, comment: messages.withdrawalCommentTooLong.id })
  })
})
