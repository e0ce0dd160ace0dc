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
  const answer = authAnswer.safeParse(res.body ? safeJson(res.body) : null)
  const { twoFactorRedirect, ...error } = answer.success ? answer.data : {}
  const retryAfter = typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null
  return { statusCode: res.statusCode, cookies, error, twoFactor: twoFactorRedirect === true, retryAfter }
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
