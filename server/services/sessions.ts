import type { Database } from '../db/client.ts'
import { endSession } from './account.ts'
import { resolveRole } from './roles.ts'
import { isAdmin } from '../../core/roles.ts'
import type { SessionPolicy } from '../env.ts'

/** How often better-auth moves a session's expiry (and its last-use time) forward. */
export const sessionRefreshSeconds = 60 * 60

interface SessionTimes {
  createdAt: Date
  updatedAt: Date
}

/** Whether a session has outlived the policy; `admin` applies the shorter idle limit. */
export function hasOutlived(policy: SessionPolicy, session: SessionTimes, admin: boolean, now = new Date()): boolean {
  const age = (now.getTime() - session.createdAt.getTime()) / 1000
  const idle = (now.getTime() - session.updatedAt.getTime()) / 1000
  // The last use is known to within one refresh interval (`updatedAt` moves at most hourly).
  return age > policy.absoluteSeconds || (admin && idle > policy.adminIdleSeconds)
}

/** Ends a session that has outlived the policy; true when it did (the request is then signed out). */
export async function endIfOutlived(
  db: Database,
  policy: SessionPolicy,
  session: SessionTimes & { token: string; userId: string },
  now = new Date(),
): Promise<boolean> {
  const admin = isAdmin(await resolveRole(db, session.userId))
  if (!hasOutlived(policy, session, admin, now)) return false
  await endSession(db, session.token)
  return true
}

/**
 * How recent a sign-in must be to change the address, the password or two-factor: a session cookie
 * taken from an older sign-in cannot change them (docs/decisions/021).
 */
export const freshSessionSeconds = 24 * 60 * 60

/** Whether a session is recent enough for those changes (a new sign-in, or a new session from a password change). */
export function isFresh(session: { createdAt: Date }, now = new Date()): boolean {
  return now.getTime() - session.createdAt.getTime() < freshSessionSeconds * 1000
}
