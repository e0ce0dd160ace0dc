import { z } from 'zod'
import { messages } from './messages.ts'
import { shipmentFieldMaxLength } from './order-flow.ts'
import { plainText } from './text.ts'

/**
 * How an order travels, as the admin types it when shipping (docs/product.md#fulfilment): carrier
 * and tracking number are both optional. One schema for the admin's form and `admin.orders.ship`:
 * trimmed, one line, at most `shipmentFieldMaxLength` characters; left empty, the field is kept as
 * null.
 */
const shipmentField = plainText()
  .max(shipmentFieldMaxLength, messages.shipmentFieldTooLong.id)
  .nullish()
  .transform((value) => (value ? value : null))

export const shipmentSchema = z.object({ carrier: shipmentField, tracking: shipmentField })

/** What the form sends (either field may be left out or empty). */
export type ShipmentInput = z.input<typeof shipmentSchema>
/** What the server keeps: null where nothing was typed. */
export type Shipment = z.output<typeof shipmentSchema>
