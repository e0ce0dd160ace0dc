import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { DeliverySettings } from '../../../core/delivery.ts'
import { user } from './auth.ts'

/**
 * The owner's delivery settings (docs/product.md#delivery): one row, written by admin.delivery.update
 * after core/delivery.ts's schema checked it. No row: a fresh shop's defaults (pickup, free home delivery).
 */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer().primaryKey().default(1),
    settings: jsonb().$type<DeliverySettings>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [check('delivery_settings_one_row', sql`${t.id} = 1`)],
)
