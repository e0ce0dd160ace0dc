import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { contactSourceEnum, contactStatusEnum, languageEnum } from './enums.ts'

export const contacts = pgTable(
  'contacts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => user.id, { onDelete: 'set null' }),
    name: text().notNull(),
    company: text(),
    email: text().notNull(),
    phone: text(),
    message: text(),
    source: contactSourceEnum().notNull(),
    status: contactStatusEnum().notNull().default('new'),
    /** The page's language when it was sent: replies and decisions are emailed in it. */
    language: languageEnum().notNull().default('es'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When and by which admin a request was approved, rejected or revoked. */
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: text().references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contacts_source_status_created_idx').on(t.source, t.status, t.createdAt.desc()),
    index('contacts_user_idx').on(t.userId),
    // docs/product.md#b2b: one open B2B request per user.
    uniqueIndex('contacts_one_open_b2b_request_per_user')
      .on(t.userId)
      .where(sql`${t.source} = 'b2b_request' and ${t.status} = 'new'`),
  ],
)
