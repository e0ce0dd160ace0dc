import { randomUUID } from 'node:crypto'
import type { Database } from '../../server/db/client.ts'
import { profiles, user, userRoles } from '../../server/db/schema/index.ts'
import { createContextInner, memoryCartSession, type CartSession, type SessionUser } from '../../server/trpc.ts'
import type { Services } from '../../server/services/index.ts'
import { testServices } from './services.ts'
import { createCaller } from '../../server/router.ts'
import { resolveRole } from '../../server/services/roles.ts'
import { silentLog } from './silent-log.ts'

export type Kind = 'anonymous' | 'customer' | 'b2b' | 'admin'

/** Inserts an account straight into the database (no password), as the kind of user asked for. */
export async function insertUser(
  db: Database,
  kind: Exclude<Kind, 'anonymous'>,
  email = `${kind}-${randomUUID()}@example.com`,
): Promise<SessionUser> {
  const id = randomUUID()
  const name = `Test ${kind}`
  await db.insert(user).values({ id, name, email, emailVerified: true })
  await db.insert(profiles).values({ userId: id, fullName: name, approvedB2b: kind === 'b2b' })
  if (kind === 'admin') await db.insert(userRoles).values({ userId: id, role: 'admin' })
  return { id, email, name, emailVerified: true, sessionId: null, twoFactorEnabled: false, secondFactor: false }
}

/** A tRPC caller acting as the given kind of user, with the role resolved as a request would. */
export async function callerAs(
  db: Database,
  kind: Kind,
  options: { language?: 'es' | 'en'; sameOrigin?: boolean; services?: Services; cartSession?: CartSession; user?: SessionUser } = {},
) {
  const sessionUser = kind === 'anonymous' ? null : (options.user ?? (await insertUser(db, kind)))
  const role = sessionUser ? await resolveRole(db, sessionUser.id) : null
  return createCaller(
    createContextInner({
      db,
      user: sessionUser,
      role,
      language: options.language ?? 'es',
      sameOrigin: options.sameOrigin ?? true,
      log: silentLog,
      services: options.services ?? testServices(db).services,
      ...(options.cartSession ? { cartSession: options.cartSession } : {}),
    }),
  )
}

/**
 * A shopper calling procedures directly: their own cart session, their own services (outbox, test
 * payments) and, for a customer, a fresh account.
 */
export async function shopperCaller(db: Database, kind: 'anonymous' | 'customer' = 'anonymous', opts: { language?: 'es' | 'en' } = {}) {
  const t = testServices(db)
  const cartSession = memoryCartSession()
  const user = kind === 'customer' ? await insertUser(db, 'customer') : undefined
  const caller = await callerAs(db, kind, { services: t.services, cartSession, ...(user ? { user } : {}), ...opts })
  return { caller, cartSession, user, ...t }
}
