import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { roleEnum } from './enums.ts'
import type { PostalAddress } from '../../../core/address.ts'

/** The spec's role grants: the newest `admin` row makes a user an admin (docs/product.md#roles). */
export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: roleEnum().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_roles_user_created_idx').on(t.userId, t.createdAt.desc())],
)

export const profiles = pgTable(
  'profiles',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text().notNull(),
    companyName: text(),
    phone: text(),
    /** NIF, NIE, CIF or EU VAT number, normalised (core/tax-id.ts); given with the B2B request. */
    taxId: text(),
    approvedB2b: boolean('approved_b2b').notNull().default(false),
    address: jsonb().$type<PostalAddress>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profiles_approved_created_idx').on(t.approvedB2b, t.createdAt.desc())],
)
