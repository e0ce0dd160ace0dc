import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { profiles, user, userRoles } from '../../server/db/schema/index.ts'
import type { TestApp } from './app.ts'
import { httpShopper, type HttpShopper } from './http-shopper.ts'
import type { Kind } from './users.ts'

export interface SignedInShopper {
  shopper: HttpShopper
  user: { id: string; email: string; name: string } | null
}

let nextClient = 1

/**
 * A browser over HTTP signed in as the kind of user asked for: a real sign-up through better-auth,
 * the address marked verified (unless `verified: false`), then the role granted in the database as
 * an admin (or `npm run admin -- grant`) would.
 */
export async function shopperAs(
  t: TestApp,
  kind: Kind,
  opts: { language?: 'es' | 'en'; name?: string; email?: string; verified?: boolean } = {},
): Promise<SignedInShopper> {
  const shopper = httpShopper(t.app, { ip: `10.9.${Math.floor(nextClient / 250)}.${(nextClient++ % 250) + 1}`, language: opts.language ?? 'es' })
  if (kind === 'anonymous') return { shopper, user: null }
  const email = opts.email ?? `${kind}-${randomUUID()}@example.com`
  const name = opts.name ?? `Test ${kind}`
  const res = await shopper.auth('sign-up/email', { email, password: 'a-long-password', name })
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  const id = res.json<{ user: { id: string } }>().user.id
  // As if the emailed link had been opened (the verification itself is tested in account-flow).
  if (opts.verified !== false) await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, id))
  if (kind === 'b2b') await t.database.db.update(profiles).set({ approvedB2b: true }).where(eq(profiles.userId, id))
  if (kind === 'admin') await t.database.db.insert(userRoles).values({ userId: id, role: 'admin' })
  return { shopper, user: { id, email, name } }
}
