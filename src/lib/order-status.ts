import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { RouterOutputs } from './trpc.ts'

type Order = RouterOutputs['orders']['list'][number]

export const orderStatusLabels: Record<Order['status'], MessageDescriptor> = {
  pending: msg`Pending`,
  confirmed: msg`Confirmed`,
  cancelled: msg`Cancelled`,
}

export const paymentStatusLabels: Record<Order['paymentStatus'], MessageDescriptor> = {
  pending: msg`Awaiting payment`,
  paid: msg`Paid`,
  failed: msg`Payment failed`,
  refunded: msg`Refunded`,
}

/** Why an order was cancelled, as its buyer reads it. */
export const cancelReasonLabels: Record<NonNullable<Order['cancelReason']>, MessageDescriptor> = {
  buyer: msg`You cancelled this order.`,
  expired: msg`Cancelled automatically: it was not paid within 24 hours.`,
  admin: msg`Cancelled by the shop. If you have any questions, contact us.`,
}
