import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { RouterOutputs } from '../../../lib/trpc.ts'

// The admin's words for an order's timeline (its events, who made them, why an order was
// cancelled): apart from src/lib/order-status.ts, which the buyer's /orders downloads too.

type TimelineEvent = RouterOutputs['admin']['orders']['get']['timeline'][number]
type CancelReason = NonNullable<RouterOutputs['admin']['orders']['get']['cancelReason']>
export type OrderEventType = TimelineEvent['type']
export type ActorKind = TimelineEvent['actor']['kind']

/** Why an order was cancelled, as the admin reads it in its timeline. */
export const adminCancelReasonLabels: Record<CancelReason, MessageDescriptor> = {
  buyer: msg`Cancelled by the customer`,
  expired: msg`Not paid within 24 hours`,
  admin: msg`Cancelled by the shop`,
}

/** What happened to an order, one line of the admin's timeline each. */
export const orderEventLabels: Record<OrderEventType, MessageDescriptor> = {
  created: msg`Order placed`,
  paid: msg`Payment received`,
  payment_failed: msg`Payment failed`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
  invoice_issued: msg`Invoice issued`,
  invoice_voided: msg`Invoice voided (issued in error)`,
  details_changed: msg`Contact or delivery address changed`,
  withdrawn: msg`The customer withdrew from the contract`,
}

/** Who made a change; an admin is named by their email when the timeline has it. */
export const actorLabels: Record<ActorKind, MessageDescriptor> = {
  customer: msg`Customer`,
  admin: msg`An administrator`,
  provider: msg`Payment provider`,
  system: msg`Shop (automatic)`,
}
