/**
 * The buyer's withdrawal from the contract (docs/product.md#withdrawal): a signed-in buyer from
 * `/orders`, or a guest through the order's signed link (`/withdraw/<order id>.<signature>`), sends
 * a short statement; the shop records it once, writes it on the order's timeline and emails the
 * buyer an acknowledgment and the shop an alert. When one may withdraw is core/withdrawal.ts's rule.
 * The refund is the admin's, with the order's "Reembolsar" once the panels are back.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { orders, withdrawals } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import type { OrdersContext } from './context.ts'
import { customerActor, recordOrderEvent, type OrderActor } from './events.ts'
import { orderEmailJob } from './notifications.ts'
import { findOrder } from './views.ts'
import { messages } from '../../../core/messages.ts'
import { localizedUrl } from '../../../core/language-urls.ts'
import type { Language } from '../../../core/language.ts'
import { withdrawalState, withdrawalTokenPattern, type WithdrawalChannel } from '../../../core/withdrawal.ts'
import { type WithdrawalStatement } from '../../../core/withdrawal-statement.ts'

/**
 * The key withdrawal links are signed with: derived from the payment links' key under a label of its
 * own, so a payment link's signature is never a withdrawal link's (and the signed text differs too).
 */
export const withdrawalLinkKey = (paymentLinkKey: Buffer) => createHmac('sha256', paymentLinkKey).update('withdrawal-links').digest()

const signature = (key: Buffer, orderId: string) => createHmac('sha256', key).update(`withdraw:${orderId}`).digest('base64url')

/** The link's token for an order: no expiry in it, the 14-day rule decides. */
export function withdrawalToken(paymentLinkKey: Buffer, orderId: string): string {
  return `${orderId}.${signature(withdrawalLinkKey(paymentLinkKey), orderId)}`
}

/** The order a token names, when its signature holds; null for anything else. */
export function readWithdrawalToken(paymentLinkKey: Buffer, token: string): string | null {
  if (!withdrawalTokenPattern.test(token)) return null
  const [orderId = '', given = ''] = token.split('.')
  const expected = Buffer.from(signature(withdrawalLinkKey(paymentLinkKey), orderId))
  const received = Buffer.from(given)
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null
  return orderId
}

/** The order's withdrawal page, in its language (the delivered and confirmation emails link to it). */
export function withdrawalLinkFor(ctx: Pick<OrdersContext, 'publicUrl' | 'paymentLinkKey'>, order: { id: string; language: Language }): string {
  return localizedUrl(ctx.publicUrl, `/withdraw/${withdrawalToken(ctx.paymentLinkKey, order.id)}`, order.language)
}

/** The order's withdrawal, if the buyer sent one. */
export async function withdrawalOf(db: Database, orderId: string) {
  const [row] = await db
    .select({
      channel: withdrawals.channel,
      name: withdrawals.name,
      email: withdrawals.email,
      comment: withdrawals.comment,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(eq(withdrawals.orderId, orderId))
    .limit(1)
  return row ?? null
}

/**
 * What the guest's page shows (orders.withdrawal): the order (number, date, lines, total), the name
 * and email to prefill, and where it stands (open until when, withdrawn when, or closed and why).
 * A token that does not verify, or names no order, answers NOT_FOUND.
 */
export async function withdrawalPage(ctx: OrdersContext, token: string, now = new Date()) {
  const orderId = readWithdrawalToken(ctx.paymentLinkKey, token)
  const order = orderId ? await findOrder(ctx.db, orderId) : null
  if (!order) throw notFound(messages.withdrawalLinkInvalid)
  const withdrawal = await withdrawalOf(ctx.db, order.id)
  const state = withdrawalState({ ...order, deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null }, withdrawal?.createdAt ?? null, now)
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    items: order.items.map((item) => ({
      id: item.id,
      nameEs: item.nameEs,
      nameEn: item.nameEn,
      quantity: item.quantity,
      subtotalCents: item.subtotalCents,
    })),
    shippingCostCents: order.shippingCostCents,
    totalCents: order.totalCents,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    withdrawal: withdrawal ? { at: withdrawal.createdAt.toISOString(), comment: withdrawal.comment } : null,
    ...stateView(state),
  }
}

/** A withdrawal state as procedures answer it (ISO dates). */
export function stateView(state: ReturnType<typeof withdrawalState>) {
  return state.state === 'open'
    ? { state: 'open' as const, until: state.until ? new Date(state.until.getTime() - 1).toISOString() : null, reason: null }
    : state.state === 'withdrawn'
      ? { state: 'withdrawn' as const, until: null, reason: null }
      : { state: 'closed' as const, until: null, reason: state.reason }
}

export interface WithdrawRequest {
  orderId: string
  channel: WithdrawalChannel
  /** The signed-in buyer (channel `account`), whose own order it must be. */
  userId: string | null
  statement: WithdrawalStatement
}

/**
 * Records the buyer's withdrawal: under the order's lock, checked by the 14-day rule, one row per
 * order, the timeline's entry and the two emails' jobs in the same transaction, run after the
 * commit. A second withdrawal answers `already` (changing nothing, emailing nobody); an order one
 * can no longer withdraw from is refused (CONFLICT).
 */
export async function withdraw(
  ctx: OrdersContext,
  request: WithdrawRequest,
  now = new Date(),
): Promise<{ result: 'withdrawn' | 'already'; at: string }> {
  const { statement } = request
  const outcome = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        userId: orders.userId,
        customerEmail: orders.customerEmail,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        deliveredAt: orders.deliveredAt,
      })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for('update')
      .limit(1)
    // Another buyer's order is no order to this one (the router checked it too).
    if (!order || (request.channel === 'account' && order.userId !== request.userId)) throw notFound(messages.orderNotFound)
    const [before] = await tx.select({ at: withdrawals.createdAt }).from(withdrawals).where(eq(withdrawals.orderId, order.id)).limit(1)
    if (before) return { result: 'already' as const, at: before.at, jobs: [] }
    if (withdrawalState(order, null, now).state !== 'open') throw new AppError('CONFLICT', messages.withdrawalClosed)
    const [row] = await tx
      .insert(withdrawals)
      .values({
        orderId: order.id,
        channel: request.channel,
        userId: request.channel === 'account' ? request.userId : null,
        name: statement.name,
        email: statement.email,
        comment: statement.comment || null,
      })
      .returning({ at: withdrawals.createdAt })
    const actor: OrderActor =
      request.channel === 'account' && request.userId
        ? await customerActor(tx, { userId: request.userId, orderEmail: order.customerEmail })
        : { kind: 'customer', id: null, email: statement.email }
    await recordOrderEvent(tx, { orderId: order.id, type: 'withdrawn', actor, details: { channel: request.channel, comment: statement.comment } })
    const jobs: string[] = []
    for (const email of [{ kind: 'withdrawal_received' as const }, { kind: 'withdrawal_alert' as const }]) {
      const job = await ctx.jobs.enqueue(tx, orderEmailJob(order.id, email))
      if (job) jobs.push(job)
    }
    return { result: 'withdrawn' as const, at: row?.at ?? now, jobs }
  })
  // The withdrawal stands whatever happens to its emails now: a job not run here is the worker's.
  if (outcome.jobs.length > 0) {
    await ctx.jobs
      .run(outcome.jobs)
      .catch((error: unknown) =>
        ctx.log.error({ err: error, orderId: request.orderId }, 'a withdrawal’s emails could not be sent now: left to the worker'),
      )
  }
  return { result: outcome.result, at: outcome.at.toISOString() }
}

/** A guest's withdrawal through the order's signed link: a token that does not verify answers NOT_FOUND. */
export function withdrawByToken(ctx: OrdersContext, token: string, statement: WithdrawalStatement, now = new Date()) {
  const orderId = readWithdrawalToken(ctx.paymentLinkKey, token)
  if (!orderId) throw notFound(messages.withdrawalLinkInvalid)
  return withdraw(ctx, { orderId, channel: 'link', userId: null, statement }, now)
}
