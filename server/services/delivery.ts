/**
 * The owner's delivery settings (docs/product.md#delivery): read by the checkout on every order
 * (so a change applies to the next one at once) and written by admin.delivery.update. The settings
 * are checked by core/delivery.ts's schema on the way in and again on the way out: a row that no
 * longer fits it (written by hand) is never used to price an order.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { deliverySettings } from '../db/schema/index.ts'
import { AppError } from '../errors.ts'
import { messages } from '../../core/messages.ts'
import {
  defaultDeliverySettings,
  deliveryOptions,
  type DeliveryOption,
  deliveryLineLabel,
  deliveryMethodLabels,
  deliveryZoneLabels,
  type DeliverySettings,
  type DeliveryZone,
} from '../../core/delivery.ts'
import { deliverySettingsSchema } from '../../core/delivery-settings.ts'
import { orderLeadDays, type Availability } from '../../core/availability.ts'
import type { Language } from '../../core/language.ts'
import type { Role } from '../../core/roles.ts'
import { totals, type PricedLine } from '../../core/totals.ts'
import { translate } from '../i18n.ts'

/** The settings in force and when they were last changed (null: never, a fresh shop's defaults). */
export async function currentDeliverySettings(db: Database): Promise<{ settings: DeliverySettings; updatedAt: string | null }> {
  const [row] = await db.select().from(deliverySettings).where(eq(deliverySettings.id, 1))
  if (!row) return { settings: defaultDeliverySettings, updatedAt: null }
  const parsed = deliverySettingsSchema.safeParse(row.settings)
  if (!parsed.success) throw new Error(`the stored delivery settings do not fit their schema: ${parsed.error.message}`)
  return { settings: parsed.data, updatedAt: row.updatedAt.toISOString() }
}

/**
 * Replaces the settings (already checked by the schema); the next checkout prices with them.
 * `expectedUpdatedAt` is the version the admin edited (null: the defaults, never saved): when
 * another admin saved meanwhile, nothing changes (CONFLICT) instead of undoing their change.
 */
export async function saveDeliverySettings(
  db: Database,
  change: { settings: DeliverySettings; expectedUpdatedAt: string | null },
  adminId: string,
): Promise<{ updatedAt: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ updatedAt: deliverySettings.updatedAt }).from(deliverySettings).where(eq(deliverySettings.id, 1)).for('update')
    const expected = change.expectedUpdatedAt === null ? null : new Date(change.expectedUpdatedAt).getTime()
    if ((before?.updatedAt.getTime() ?? null) !== expected) throw new AppError('CONFLICT', messages.changedMeanwhile)
    const [row] = await tx
      .insert(deliverySettings)
      .values({ id: 1, settings: change.settings, updatedBy: adminId })
      .onConflictDoUpdate({ target: deliverySettings.id, set: { settings: change.settings, updatedBy: adminId, updatedAt: sql`now()` } })
      .returning({ updatedAt: deliverySettings.updatedAt })
    if (!row) throw new Error('the delivery settings were not stored')
    return { updatedAt: row.updatedAt.toISOString() }
  })
}

/** The delivery's line on the payment page and the invoice, in the order's language: "Envío a domicilio (Península)". */
export function deliveryLineName(language: Language, zone: DeliveryZone | null): string {
  return zone === null
    ? translate(language, deliveryMethodLabels.home)
    : translate(language, deliveryLineLabel, { zone: translate(language, deliveryZoneLabels[zone]) })
}

/**
 * The delivery methods an order of these lines (IVA included, at the buyer's prices) can have to
 * `postalCode` (null: none given), priced from the owner's settings for the buyer's role: what
 * checkout offers and what checkout.create charges, from one rule.
 */
export async function deliveryOptionsFor(
  db: Database,
  lines: readonly (PricedLine & Availability)[],
  buyer: { postalCode: string | null; role: Role | null },
): Promise<DeliveryOption[]> {
  const { settings } = await currentDeliverySettings(db)
  return deliveryOptions(settings, {
    postalCode: buyer.postalCode,
    panels: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: totals(lines).subtotalCents,
    wholesale: buyer.role === 'b2b',
    leadDays: orderLeadDays(lines),
  })
}
