import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, gte, isNotNull, isNull, ne } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { account, emailChanges, session, twoFactor, user } from '../db/schema/index.ts'

// A change of an account's address can be taken back from the old address for a week: the shop's
// answer to a session (and password) in the wrong hands (docs/decisions/021).

/** How long the old address's owner can cancel a change, and how long nobody else can take the old address. */
export const emailChangeCancelDays = 7

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/** A hash of a stored secret (a password hash, an encrypted TOTP secret): enough to tell whether it changed. */
const fingerprint = (value: string | null | undefined) => (value ? sha256(value) : null)

async function secretFingerprints(db: Database, userId: string) {
  const [credential] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1)
  const [factor] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1)
  return { password: fingerprint(credential?.password), twoFactor: fingerprint(factor?.secret) }
}

/**
 * Records a requested change of address (the link went to the new one) and answers the token of
 * the cancel link for the old one. The password and two-factor as they are now are remembered by
 * fingerprint, so that a cancellation can drop whatever was set after.
 */
export async function recordEmailChange(
  db: Database,
  change: { userId: string; oldEmail: string; newEmail: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const fingerprints = await secretFingerprints(db, change.userId)
  const expiresAt = new Date(now.getTime() + emailChangeCancelDays * 24 * 60 * 60 * 1000)
  await db.insert(emailChanges).values({
    userId: change.userId,
    oldEmail: change.oldEmail.toLowerCase(),
    newEmail: change.newEmail.toLowerCase(),
    cancelTokenHash: sha256(token),
    passwordFingerprint: fingerprints.password,
    twoFactorFingerprint: fingerprints.twoFactor,
    requestedAt: now,
    expiresAt,
  })
  return { token, expiresAt }
}

/**
 * Whether a confirmation link may still move the account to `newEmail`: it must be the account's
 * latest request (an earlier link is superseded), neither cancelled nor already used.
 */
export async function isConfirmable(db: Database, userId: string, newEmail: string, now = new Date()): Promise<boolean> {
  const [latest] = await db.select().from(emailChanges).where(eq(emailChanges.userId, userId)).orderBy(desc(emailChanges.requestedAt)).limit(1)
  if (!latest || latest.newEmail !== newEmail.toLowerCase()) return false
  if (latest.cancelledAt !== null || latest.confirmedAt !== null || latest.expiresAt <= now) return false
  return !(await isReserved(db, newEmail, userId, now))
}

/** The confirmation link was opened: the change applies, and the old address is reserved from now. */
export async function markConfirmed(db: Database, userId: string, newEmail: string, now = new Date()): Promise<void> {
  await db
    .update(emailChanges)
    .set({ confirmedAt: now })
    .where(
      and(
        eq(emailChanges.userId, userId),
        eq(emailChanges.newEmail, newEmail.toLowerCase()),
        isNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
      ),
    )
}

/**
 * Whether `email` is another account's old address that its owner can still take back: nobody
 * else may sign up with it or move to it meanwhile.
 */
export async function isReserved(db: Database, email: string, exceptUserId: string | null, now = new Date()): Promise<boolean> {
  const [found] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.oldEmail, email.trim().toLowerCase()),
        isNotNull(emailChanges.confirmedAt),
        isNull(emailChanges.cancelledAt),
        gt(emailChanges.expiresAt, now),
        ...(exceptUserId ? [ne(emailChanges.userId, exceptUserId)] : []),
      ),
    )
    .limit(1)
  return found !== undefined
}

export interface CancelledChange {
  userId: string
  /** The address the account has again. */
  email: string
  name: string
  droppedPassword: boolean
  droppedTwoFactor: boolean
}

/**
 * The cancel link from the old address: the account gets that address back (proven by the link),
 * every session ends, a password or two-factor set since the request is dropped, and this and any
 * later change stop. Null when the link is unknown, used or past its week.
 */
export async function cancelEmailChange(db: Database, token: string, now = new Date()): Promise<CancelledChange | null> {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(and(eq(emailChanges.cancelTokenHash, sha256(token)), isNull(emailChanges.cancelledAt), gt(emailChanges.expiresAt, now)))
      .for('update')
      .limit(1)
    if (!change) return null
    await tx
      .update(emailChanges)
      .set({ cancelledAt: now })
      .where(and(eq(emailChanges.userId, change.userId), gte(emailChanges.requestedAt, change.requestedAt), isNull(emailChanges.cancelledAt)))
    const [restored] = await tx
      .update(user)
      .set({ email: change.oldEmail, emailVerified: true, emailVerifiedAt: now, updatedAt: now })
      .where(eq(user.id, change.userId))
      .returning({ id: user.id, email: user.email, name: user.name })
    if (!restored) return null
    await tx.delete(session).where(eq(session.userId, change.userId))
    const current = await secretFingerprints(tx, change.userId)
    const droppedPassword = current.password !== null && current.password !== change.passwordFingerprint
    if (droppedPassword) {
      await tx
        .update(account)
        .set({ password: null, updatedAt: now })
        .where(and(eq(account.userId, change.userId), eq(account.providerId, 'credential')))
    }
    const droppedTwoFactor = current.twoFactor !== null && current.twoFactor !== change.twoFactorFingerprint
    if (droppedTwoFactor) {
      await tx.delete(twoFactor).where(eq(twoFactor.userId, change.userId))
      await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, change.userId))
    }
    return { userId: restored.id, email: restored.email, name: restored.name, droppedPassword, droppedTwoFactor }
  })
}
