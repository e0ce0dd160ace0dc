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
}
