import { isAPIError } from 'better-auth/api'
import type { Auth } from '../auth.ts'
import type { Database } from '../db/client.ts'
import { isConfirmable, isReserved } from '../services/email-changes.ts'
import type { RateLimits } from '../services/rate-limits.ts'
import { isFresh } from '../services/sessions.ts'
import { messages, type AppMessage } from '../../core/messages.ts'
import { bodyText } from './auth-surface.ts'

// What the shop asks before an account's address, password or two-factor changes, beyond
// better-auth's own checks (docs/decisions/021).

/** The endpoints that change what signs in to an account: they need a recent sign-in. */
export const freshSessionPaths = new Set([
  '/api/auth/change-email',
  '/api/auth/change-password',
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
])

export const changeEmailPath = '/api/auth/change-email'

export interface Refusal {
  status: number
  code: string
  message: AppMessage
  field?: string
  retryAfterSeconds?: number
}

type SignedIn = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>

/** A session older than a day changes none of these: whoever holds a stolen cookie signs in first. */
export function staleSessionRefusal(current: SignedIn): Refusal | null {
  return isFresh(current.session) ? null : { status: 403, code: 'SESSION_NOT_FRESH', message: messages.sessionNotFresh }
}

/** True when better-auth accepted the call; false when it refused the secret (a wrong password or code). */
async function accepted(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check()
    return true
  } catch (error) {
    if (isAPIError(error)) return false
    throw error
  }
}

/**
 * A change of address asks for the current password, and the second factor when it is on (a
 * code from the app or a backup code): a session alone cannot move the account elsewhere. Wrong
 * answers are counted per account, so a stolen session cannot guess the password here either.
 * 'silent' when the new address is another account's old one, still reserved: the answer is the one
 * better-auth gives for an address in use, and nothing is sent.
 */
export async function emailChangeRefusal(
  deps: { auth: Auth; db: Database; limits: RateLimits },
  current: SignedIn,
  headers: Headers,
  body: unknown,
): Promise<Refusal | 'silent' | null> {
  const password = bodyText(body, 'password')
  const code = bodyText(body, 'code').replace(/\s+/g, '')
  if (password === '') return { status: 400, code: 'INVALID_INPUT', message: messages.required, field: 'password' }
  const twoFactor = current.user.twoFactorEnabled === true
  if (twoFactor && code === '') return { status: 400, code: 'INVALID_INPUT', message: messages.required, field: 'code' }
  const wait = await deps.limits.blockedFor('secretChecksPerAccount', current.user.id)
  if (wait > 0) return { status: 429, code: 'TOO_MANY_ATTEMPTS', message: messages.tooManyAttempts, retryAfterSeconds: wait }
  const { api } = deps.auth
  const failed = async (field: 'password' | 'code'): Promise<Refusal> => {
    await deps.limits.consume('secretChecksPerAccount', current.user.id).catch(() => undefined)
    return field === 'password'
      ? { status: 400, code: 'INVALID_PASSWORD', message: messages.wrongPassword, field }
      : { status: 400, code: 'INVALID_CODE', message: messages.wrongCode, field }
  }
  if (!(await accepted(() => api.verifyPassword({ body: { password }, headers })))) return failed('password')
  if (twoFactor) {
    const verify = /^\d{6}$/.test(code) ? () => api.verifyTOTP({ body: { code }, headers }) : () => api.verifyBackupCode({ body: { code }, headers })
    if (!(await accepted(verify))) return failed('code')
  }
  await deps.limits.reset('secretChecksPerAccount', current.user.id)
  const newEmail = bodyText(body, 'newEmail').trim()
  return (await isReserved(deps.db, newEmail, current.user.id)) ? 'silent' : null
}

/** The fields better-auth's change-email takes: the password and code stay here. */
export function changeEmailBody(body: unknown): { newEmail: string; callbackURL?: string } {
  const callbackURL = bodyText(body, 'callbackURL')
  return { newEmail: bodyText(body, 'newEmail'), ...(callbackURL ? { callbackURL } : {}) }
}

/** The account and new address a verification link would move to, read from its token (better-auth checks its signature). */
function changeOf(token: string | null): { userId: string; newEmail: string } | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (typeof parsed !== 'object' || parsed === null || !('userId' in parsed) || !('updateTo' in parsed)) return null
    const { userId, updateTo } = parsed
    return typeof userId === 'string' && typeof updateTo === 'string' ? { userId, newEmail: updateTo } : null
  } catch {
    return null
  }
}

/**
 * Whether a link confirming a change of address may still apply it: not when the change was
 * cancelled from the old address, superseded by a later request, or its new address is reserved.
 * A link that confirms an address (no change) is better-auth's alone.
 */
export async function isRevokedChangeLink(db: Database, token: string | null): Promise<boolean> {
  const change = changeOf(token)
  return change !== null && !(await isConfirmable(db, change.userId, change.newEmail))
}
