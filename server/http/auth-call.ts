import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AuthError } from '../../core/auth-refusals.ts'

/** One of the shop's better-auth routes, called in-process as this request's browser would call it. */
export async function callAuth(app: FastifyInstance, req: FastifyRequest, publicUrl: string, url: string, body: object) {
  const res = await app.inject({
    method: 'POST',
    url,
    remoteAddress: req.ip,
    headers: {
      'content-type': 'application/json',
      origin: new URL(publicUrl).origin,
      ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
      ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
    },
    payload: body,
  })
  const setCookie = res.headers['set-cookie']
  const cookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]
  const sent = res.body ? safeJson(res.body) : null
  const answer = authAnswer.safeParse(sent)
  const { twoFactorRedirect, ...error } = answer.success ? answer.data : {}
  const retryAfter = typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null
  // `body`: the answer as sent, for the caller to parse (two-factor's key and backup codes).
  return { statusCode: res.statusCode, cookies, error, twoFactor: twoFactorRedirect === true, retryAfter, body: sent }
}

/** What the page's script reads of an answer: a refusal (AuthError), or the second step's flag. */
const authAnswer = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  field: z.string().optional(),
  twoFactorRedirect: z.boolean().optional(),
}) satisfies z.ZodType<AuthError & { twoFactorRedirect?: boolean | undefined }>

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * This request as the browser will send its next one: the cookies an in-process answer just set (a
 * new session after two-factor is turned on) replace its own, so a page rendered in the same answer
 * is rendered for that session.
 */
export function adoptCookies(req: FastifyRequest, setCookies: readonly string[]) {
  const raw = new Map<string, string>()
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0) raw.set(part.slice(0, at).trim(), part.slice(at + 1).trim())
  }
  for (const cookie of setCookies) {
    const pair = cookie.split(';', 1)[0] ?? ''
    const at = pair.indexOf('=')
    if (at <= 0) continue
    const name = pair.slice(0, at).trim()
    const value = pair.slice(at + 1).trim()
    if (value === '' || /;\s*max-age=0(;|$)/i.test(cookie)) raw.delete(name)
    else raw.set(name, value)
  }
  req.headers.cookie = [...raw].map(([name, value]) => `${name}=${value}`).join('; ')
  req.cookies = Object.fromEntries([...raw].map(([name, value]) => [name, safeDecode(value)]))
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
