import type { FastifyRequest } from 'fastify'
import { languageCookie, pickLanguage, type Language } from '../../core/language.ts'

/** The request's own origin, as the browser sees it (honours X-Forwarded-* behind a proxy). */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`
}

/**
 * A request is same-origin when the browser says so (Sec-Fetch-Site) or its Origin is the
 * configured public URL's: never a host the request itself names (X-Forwarded-Host, Host), which
 * an attacker can choose. Requests with neither header come from non-browser clients, which carry
 * no ambient cookies.
 */
export function isSameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const site = req.headers['sec-fetch-site']
  if (site === 'same-origin' || site === 'none') return true
  const origin = req.headers.origin
  if (origin === undefined) return site === undefined
  return origin === new URL(publicUrl).origin
}

/**
 * The language of an API call, a form post or a file (`?lang=`, then the `lang` cookie the page sets,
 * then Spanish). A page's language is its path (pages.ts, core/language-urls.ts).
 */
export function requestLanguage(req: FastifyRequest): Language {
  const query = req.query as Record<string, unknown> | undefined
  return pickLanguage(query?.lang, req.cookies[languageCookie])
}

/**
 * Whether the request carries any of better-auth's cookies (a session, a two-factor step; plain or
 * __Secure-). Without one there is no session to look up: a visitor costs no query.
 */
export function hasAuthCookie(req: FastifyRequest): boolean {
  return Object.keys(req.cookies).some((name) => name.includes('better-auth'))
}
