import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { profiles, userRoles } from '../db/schema/index.ts'
import type { Role } from '../../core/roles.ts'
import type { AppLogger } from '../logger.ts'

/** The one rule of a signed-in user's role: an admin is an admin; an approved wholesale account is b2b; anyone else a customer. */
export function roleOf(facts: { admin: boolean; approvedB2b: boolean }): Role {
  return facts.admin ? 'admin' : facts.approvedB2b ? 'b2b' : 'customer'
}

/**
 * docs/product.md#roles: the newest `user_roles` row with role admin gives admin; otherwise an approved profile
 * gives b2b; otherwise customer. A failed lookup gives customer (never more than that).
 */
export async function resolveRole(db: Database, userId: string, log?: Pick<AppLogger, 'warn'>): Promise<Role> {
  try {
    const [admin] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
      .orderBy(desc(userRoles.createdAt))
      .limit(1)
    if (admin) return roleOf({ admin: true, approvedB2b: false })
    const [profile] = await db.select({ approvedB2b: profiles.approvedB2b }).from(profiles).where(eq(profiles.userId, userId)).limit(1)
    return roleOf({ admin: false, approvedB2b: profile?.approvedB2b === true })
  } catch (error) {
    log?.warn({ err: error, userId }, 'role lookup failed; treating the user as a customer')
    return 'customer'
  }
}
