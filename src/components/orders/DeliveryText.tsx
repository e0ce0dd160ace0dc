import { useLingui } from '@lingui/react/macro'
import { deliveryMethodLabels, deliveryWindow, deliveryZoneLabels, type DeliveryMethod, type DeliveryZone } from '../../../core/delivery.ts'

/** An order's delivery as it was chosen: its method, its zone and its window. */
export interface OrderDelivery {
  deliveryMethod: DeliveryMethod
  deliveryZone: DeliveryZone | null
  deliveryMinDays: number | null
  deliveryMaxDays: number | null
}

/**
 * "Envío a domicilio (Península) · 3–5 días laborables" or "Recogida en la exposición (Torrevieja) ·
 * Lista 1 día laborable después del pago", in the reader's language; an order from before windows
 * says its method only.
 */
export function DeliveryText({ order }: { order: OrderDelivery }) {
  const { i18n } = useLingui()
  const method =
    order.deliveryMethod === 'home' && order.deliveryZone
      ? `${i18n._(deliveryMethodLabels.home)} (${i18n._(deliveryZoneLabels[order.deliveryZone])})`
      : i18n._(deliveryMethodLabels[order.deliveryMethod])
  if (order.deliveryMinDays === null || order.deliveryMaxDays === null) return <>{method}</>
  const { message, values } = deliveryWindow({ method: order.deliveryMethod, minDays: order.deliveryMinDays, maxDays: order.deliveryMaxDays })
  return (
    <>
      {method} · {i18n._(message.id, values, { message: message.message })}
    </>
  )
}
