import { z } from 'zod'
import { newPassword } from '../../core/auth-rules.ts'
import { messages } from '../../core/messages.ts'
import { personName } from '../../core/text.ts'
import { isWeakPassword } from '../services/common-passwords.ts'

// What of better-auth's API the shop exposes, what it checks before better-auth sees a request,
// and what it takes out of the answers (docs/decisions/013).

/** The endpoints the shop's pages use; every other better-auth endpoint answers 404. */
export const offeredEndpoints: Record<string, ReadonlyArray<'GET' | 'POST'>> = {
  '/api/auth/get-session': ['GET'],
  '/api/auth/sign-in/email': ['POST'],
  '/api/auth/sign-up/email': ['POST'],
  '/api/auth/sign-out': ['POST'],
  '/api/auth/request-password-reset': ['POST'],
  '/api/auth/reset-password': ['POST'],
  '/api/auth/verify-email': ['GET'],
  '/api/auth/send-verification-email': ['POST'],
  '/api/auth/change-email': ['POST'],
  '/api/auth/change-password': ['POST'],
  '/api/auth/revoke-other-sessions': ['POST'],
  '/api/auth/delete-user': ['POST'],
  '/api/auth/two-factor/enable': ['POST'],
  '/api/auth/two-factor/disable': ['POST'],
  '/api/auth/two-factor/verify-totp': ['POST'],
  '/api/auth/two-factor/verify-backup-code': ['POST'],
  '/api/auth/cancel-email-change': ['POST'],
}

/** A field of a JSON body as sent (any type), without trusting its shape. */
export function bodyField(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? Object.entries(body).find(([key]) => key === name)?.[1] : undefined
}

/** A text field of a JSON body; '' when absent or not text. */
export function bodyText(body: unknown, name: string): string {
  const value = bodyField(body, name)
  return typeof value === 'string' ? value : ''
}

export function isOffered(method: string, path: string): boolean {
  return offeredEndpoints[path]?.some((allowed) => allowed === method) ?? false
}

const present = z.string().min(1, messages.required.id)

/**
 * The shared rules better-auth does not apply itself: names of 1 to 100 characters without
 * control characters, passwords counted in characters (core/auth-rules.ts), the password again to
 * delete an account. Other fields pass through to better-auth's own checks.
 */
/** The shared password rules, and not a common or trivially repeated one (checked here only). */
const strongPassword = newPassword.refine((value) => !isWeakPassword(value), messages.passwordTooCommon.id)

export const bodyRules: Record<string, z.ZodType> = {
  '/api/auth/sign-up/email': z.looseObject({ name: personName, password: strongPassword }),
  '/api/auth/reset-password': z.looseObject({ newPassword: strongPassword }),
  '/api/auth/change-password': z.looseObject({ currentPassword: present, newPassword: strongPassword }),
  '/api/auth/delete-user': z.looseObject({ password: present }),
}

/**
 * A password change ends every other session and rotates this one, whatever the caller asked. No
 * device is trusted to skip the second factor later: a user with two-factor on gets no session
 * without it (docs/decisions/013).
 */
export function withForcedOptions(path: string, body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body
  if (path === '/api/auth/change-password') return { ...body, revokeOtherSessions: true }
  if (path === '/api/auth/two-factor/verify-totp' || path === '/api/auth/two-factor/verify-backup-code') return { ...body, trustDevice: false }
  return body
}

/**
 * No answer carries a session token: the httpOnly cookie holds it, out of reach of any script in
 * the page. better-auth puts it at the top (`token`, after sign-in) and in `session.token`.
 */
export function withoutTokens(parsed: unknown): unknown {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return parsed
  const entries = Object.entries(parsed)
    .filter(([key]) => key !== 'token')
    .map(([key, value]) => [key, key === 'session' ? withoutTokens(value) : value] as const)
  return Object.fromEntries(entries)
}

/** The body fields in which better-auth takes a URL to send the browser to afterwards. */
const redirectFields = ['callbackURL', 'redirectTo', 'newUserCallbackURL', 'errorCallbackURL']

/** Backslashes (browsers read them as slashes) and control characters have no place in a target. */
// eslint-disable-next-line no-control-regex
const unsafeCharacters = /[\\\u0000-\u001f\u007f]/

/**
 * A redirect target as the browser will read it, when it stays on this site: the path, query and
 * fragment; null for anything else. Checked after normalisation, as better-auth and browsers
 * decode: `/./%2Fevil.example` becomes `//evil.example`, another site (docs/decisions/020).
 */
export function sameOriginTarget(value: string, publicUrl: string): string | null {
  const base = new URL(publicUrl)
  if (unsafeCharacters.test(value)) return null
  let resolved: URL
  try {
    resolved = new URL(value, base)
  } catch {
    return null
  }
  if (resolved.origin !== base.origin) return null
  let decoded = resolved.pathname
  // Every layer of escaping undone: what any reader of the URL may end up with.
  for (let i = 0; i < 5 && /%[0-9a-f]{2}/i.test(decoded); i++) {
    try {
      decoded = decodeURIComponent(decoded)
    } catch {
      return null
    }
  }
  if (!decoded.startsWith('/') || /^\/[/\\]/.test(decoded) || unsafeCharacters.test(decoded)) return null
  if (new URL(decoded, base).origin !== base.origin) return null
  return `${resolved.pathname}${resolved.search}${resolved.hash}`
}

/** Whether a request names a place to go that is not this site. */
export function hasForeignRedirect(body: unknown, publicUrl: string): boolean {
  if (typeof body !== 'object' || body === null) return false
  return Object.entries(body).some(([key, value]) => {
    if (!redirectFields.includes(key) || value === undefined || value === null) return false
    return typeof value !== 'string' || sameOriginTarget(value, publicUrl) === null
  })
}
