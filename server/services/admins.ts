import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { user, userRoles } from '../db/schema/index.ts'

/** Adds the admin role to existing accounts by email; accounts that are admins already are left alone. */
export async function grantAdminToEmails(db: Database, emails: readonly string[]) {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))]
  if (wanted.length === 0) return { granted: [] as string[], missing: [] as string[] }
  const users = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, wanted))
  const granted: string[] = []
  for (const u of users) {
    const [existing] = await db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, u.id), eq(userRoles.role, 'admin')))
      .limit(1)
    if (!existing) {
      await db.insert(userRoles).values({ userId: u.id, role: 'admin' })
      granted.push(u.email)
    }
  }
  const found = new Set(users.map((u) => u.email.toLowerCase()))
  return { granted, missing: wanted.filter((e) => !found.has(e)) }
}
