import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { user, userRoles } from '../db/schema/index.ts'

/** The addresses of a comma-separated list (ADMIN_EMAILS), trimmed, lower case, once each. */
export function emailList(emails: readonly string[] | string | undefined): string[] {
  const list = typeof emails === 'string' ? emails.split(',') : (emails ?? [])
  return [...new Set(list.map((e) => e.trim().toLowerCase()).filter(Boolean))]
}

/**
 * Adds the admin role to existing accounts by email; accounts that are admins already are left
 * alone. With `verifiedOnly` (ADMIN_EMAILS), an account whose address is not verified is skipped:
 * whoever signs up first with the owner's address must not become an admin. The command line
 * (`npm run admin -- grant`) is the operator vouching for the account, and grants either way.
 */
export async function grantAdminToEmails(db: Database, emails: readonly string[], options: { verifiedOnly?: boolean } = {}) {
  const wanted = emailList(emails)
  if (wanted.length === 0) return { granted: [] as string[], missing: [] as string[], unverified: [] as string[] }
  const users = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, wanted))
  const granted: string[] = []
  const unverified: string[] = []
  for (const u of users) {
    if (options.verifiedOnly && !u.emailVerified) {
      unverified.push(u.email)
      continue
    }
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
  return { granted, missing: wanted.filter((e) => !found.has(e)), unverified }
}
