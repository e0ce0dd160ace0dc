import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { roleEnum } from './enums.ts'
import type { PostalAddress } from '../../../core/address.ts'
import type { Billing } from '../../../core/billing.ts'

/** Role grants: the newest `admin` row makes a user an admin (docs/product.md#roles). */
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
    /** A wholesale customer the admin put under the recargo de equivalencia (core/equivalence-surcharge.ts decides who may be). */
    equivalenceSurcharge: boolean().notNull().default(false),
    address: jsonb().$type<PostalAddress>(),
    /** The billing details for a full invoice the customer keeps for next time (/account; checkout prefills them). */
    billing: jsonb().$type<Billing>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profiles_approved_created_idx').on(t.approvedB2b, t.createdAt.desc())],
)

/**
 * A change of an account's address, from the request on: the old address's owner can cancel it for
 * seven days with the link in the notice sent there, and meanwhile nobody else can take the old
 * address. The link's token is kept as a SHA-256 hash only; the fingerprints (hashes of the
 * password hash and of the two-factor secret at the time of the request) tell what was set since,
 * which a cancellation drops (docs/decisions/021).
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    cancelTokenHash: text().notNull().unique(),
    passwordFingerprint: text(),
    twoFactorFingerprint: text(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Until when the cancel link works and the old address stays reserved. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('email_changes_user_idx').on(t.userId, t.requestedAt.desc()), index('email_changes_old_email_idx').on(t.oldEmail)],
)
