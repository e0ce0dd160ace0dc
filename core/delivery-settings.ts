import { z } from 'zod'
import type { DeliverySettings } from './delivery.ts'
import { messages } from './messages.ts'
import { maxOrderTotalCents } from './totals.ts'

/**
 * The check of the owner's delivery settings (docs/product.md#delivery), one schema for the admin's
 * form and admin.delivery.update; each rule carries the id of its message (core/messages.ts).
 */

/** The most a delivery rate or free-delivery threshold may be: an order's highest total (core/totals.ts). */
export const maxDeliveryCents = maxOrderTotalCents
/** The most working days a window may say, and the most panels a band may name. */
export const maxDeliveryDays = 60
export const maxBandPanels = 100_000
/** The most bands a rate table holds (a parcel rate, a pallet rate, a few in between). */
export const maxBands = 6

const cents = z
  .number()
  .int(messages.deliveryAmountInvalid.id)
  .min(0, messages.deliveryAmountInvalid.id)
  .max(maxDeliveryCents, messages.deliveryAmountInvalid.id)
const days = z
  .number()
  .int(messages.deliveryDaysInvalid.id)
  .min(0, messages.deliveryDaysInvalid.id)
  .max(maxDeliveryDays, messages.deliveryDaysInvalid.id)

/**
 * A rate by order size: each band's price applies up to its number of panels (included); the last
 * band, with no limit, to any larger order.
 */
export const deliveryBand = z.object({
  upToPanels: z
    .number()
    .int(messages.deliveryBandsInvalid.id)
    .min(1, messages.deliveryBandsInvalid.id)
    .max(maxBandPanels, messages.deliveryBandsInvalid.id)
    .nullable(),
  priceCents: cents,
})

/** The rates of one zone for one kind of customer: bands by panels, and an order total from which delivery is free. */
export const deliveryRateTable = z.object({
  bands: z
    .array(deliveryBand)
    .min(1, messages.deliveryBandsInvalid.id)
    .max(maxBands, messages.deliveryBandsInvalid.id)
    .refine(
      (bands) =>
        bands.every((band, i) =>
          i === bands.length - 1
            ? band.upToPanels === null
            : band.upToPanels !== null && (i === 0 || band.upToPanels > (bands[i - 1]!.upToPanels ?? 0)),
        ),
      messages.deliveryBandsInvalid.id,
    ),
  /** An order whose lines add up to this much (IVA included) is delivered free; null: never free. */
  freeFromCents: cents.nullable(),
})

/** A zone's window in working days, and its rates for retail and for approved wholesale customers. */
export const deliveryZoneSettings = z
  .object({
    minDays: days.min(1, messages.deliveryDaysInvalid.id),
    maxDays: days.min(1, messages.deliveryDaysInvalid.id),
    retail: deliveryRateTable,
    wholesale: deliveryRateTable,
  })
  .refine((zone) => zone.minDays <= zone.maxDays, { message: messages.deliveryDaysInvalid.id, path: ['maxDays'] })

/** The owner's delivery settings (admin.delivery): what the checkout offers and charges. */
export const deliverySettingsSchema = z.object({
  pickup: z.object({
    enabled: z.boolean(),
    /** Working days until an order paid is ready at the showroom (0: the same day). */
    readyInDays: days,
  }),
  home: z.object({ peninsula: deliveryZoneSettings, balearics: deliveryZoneSettings }),
}) satisfies z.ZodType<DeliverySettings>
