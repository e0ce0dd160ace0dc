import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { appRouter } from '../router.ts'
import { toFetchHeaders } from './auth-routes.ts'
import { requestOrigin } from './request-info.ts'
import type { PageRenderer } from './ssr.ts'
import { isCacheablePath, isVisitorRequest, type HtmlCache } from './html-cache.ts'
import { isLanguage, languageCookie, type Language } from '../../core/language.ts'
import { languageOfPath, localizedPath, stripLanguagePrefix } from '../../core/language-urls.ts'
import type { Company } from '../../core/company.ts'
import { messages } from '../../core/messages.ts'
import type { PostedForm } from '../../core/posted-form.ts'
import { AppError } from '../errors.ts'

/**
 * Pages run only this origin's scripts and the response's own inline ones (the router's hydration
 * data). Styles keep 'unsafe-inline' (on purpose, docs/decisions/013): the shop's own CSS is static
 * files (vanilla-extract), but Radix positions menus, popovers and dialogs with style attributes,
 * and its scroll lock and the toasts (sonner) insert <style> elements at run time, which no nonce
 * reaches. Style injection cannot run script; scripts stay nonce-only. (Not @fastify/helmet's
 * `enableCSPNonces`: it also puts a nonce in style-src, which makes browsers ignore 'unsafe-inline'
 * and would block those attributes.)
 */
export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // Development: Vite's hot-update socket listens on a port of its own.
    dev ? "connect-src 'self' ws://localhost:* ws://127.0.0.1:*" : "connect-src 'self'",
    'frame-src https://www.openstreetmap.org',
    // No page of the shop is ever shown inside a frame, not even one of its own.
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** The `lang` cookie as the server sets it; the browser sets the same one (src/i18n/language-routing.ts). */
const languageCookieOptions = { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' } as const

export interface LanguageRedirect {
  status: 302 | 308
  location: string
  /** The language to keep in the `lang` cookie, when the URL chose one. */
  remember?: Language
}

/**
 * Where a page request in an old or incomplete form belongs (docs/product.md#language):
 * - `?lang=es|en` on any page: 308 to that language's URL of the page, the rest of the query kept,
 *   and the choice remembered (an unknown value is dropped and the path's language kept);
 * - `/en`: 308 to the English home `/en/`;
 * - the bare home `/` with an English choice remembered: 302 (it depends on the cookie) to `/en/`.
 *   Other Spanish paths stay Spanish whatever the cookie, so every URL is one page for everyone.
 */
export function languageRedirect(url: URL, cookie: unknown): LanguageRedirect | null {
  if (url.searchParams.has('lang')) {
    const chosen = url.searchParams.get('lang')
    const search = new URLSearchParams(url.search)
    search.delete('lang')
    const query = search.size > 0 ? `?${search}` : ''
    const language = isLanguage(chosen) ? chosen : languageOfPath(url.pathname)
    // One leading slash only: `/.//evil.example` parses to the path `//evil.example`, which a
    // browser would read as another site.
    const location = localizedPath(`${url.pathname}${query}`, language).replace(/^\/+/, '/')
    return { status: 308, location, ...(isLanguage(chosen) ? { remember: chosen } : {}) }
  }
  if (url.pathname === '/en') return { status: 308, location: `/en/${url.search}` }
  if (url.pathname === '/' && cookie === 'en') return { status: 302, location: `/en/${url.search}` }
  return null
}

/**
 * The router answers 307 to every redirect. One to the same page, only spelled differently (the
 * router's canonical form: no trailing slash, a normalised query), is permanent: 308, so search
 * engines keep the canonical URL. One to another page (sign in first, or away from the sign-in
 * page once signed in) depends on the visitor's state and stays 307.
 */
function routerRedirectStatus(requested: URL, response: Response): number {
  const location = response.headers.get('location')
  // Only a path on this site can be the same page.
  if (response.status !== 307 || location === null || !/^\/(?![/\\])/.test(location)) return response.status
  return pagePath(new URL(location, requested).pathname) === pagePath(requested.pathname) ? 308 : 307
}

/** A path as a page: decoded, without trailing slashes (`/shop/` and `/sh%6Fp` are `/shop`). */
function pagePath(pathname: string): string {
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // A malformed escape stays as it is.
  }
  return decoded.replace(/(.)\/+$/, '$1')
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The page posted to, rendered again with a refused form's typed values and messages. */
    renderPostedPage(req: FastifyRequest, reply: FastifyReply, status: number, postedForm: PostedForm): Promise<FastifyReply>
  }
}

export interface PagesOptions {
  pages: PageRenderer
  /** The client build's folder; null in development, where Vite serves the client's files. */
  distDir: string | null
  publicUrl: string
  testPayments: boolean
  /** The company's facts (COMPANY_* variables): every page receives them with its HTML. */
  company: Company
  /** Visitors' pages kept until the catalog changes; null in development (the modules change). */
  htmlCache: HtmlCache | null
  /** What became of a product address with no page (a renamed slug, an archived product). */
  productAddress: (slug: string) => Promise<{ moved: string } | 'gone' | null>
  /** Whether a page that failed to render failed because the database is out of reach (then 503). */
  databaseUnreachable: () => Promise<boolean>
}

const productPath = /^\/product\/([^/]+)$/

/** The built client's files, and every other GET rendered on the server in the request's language. */
export const pageRoutes = fp(async (app: FastifyInstance, opts: PagesOptions) => {
  const { pages, distDir } = opts
  if (distDir)
    await app.register(fastifyStatic, {
      root: join(distDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // Hashed build output never changes under the same name; everything else may.
      setHeaders(res, path) {
        const immutable = path.includes(`${join('client', 'assets')}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      },
    })

  const pageHeaders = (reply: FastifyReply, nonce: string, language: Language) =>
    reply
      .header('content-security-policy', contentSecurityPolicy(nonce, distDir === null))
      // The page's language is its path's (every URL is one page), so no Vary for it.
      .header('content-language', language)
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie')

  // A build file that is not there (an old page's chunk after a deploy, a typo) is no page: a short
  // answer rather than the HTML 404 page, never cached as it may exist on the next instance.
  if (distDir)
    app.get('/assets/*', async (_req, reply) =>
      reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not Found\n'),
    )

  /**
   * The page at `req.url` rendered on the server in its language: one context (session and role
   * lookup) for all the queries it runs, resolved before rendering, so a session that cannot be
   * looked up (the database out of reach) is answered by the error handler (503), not rendered as a
   * broken page; a render that failed because the database is out of reach is a 503 too.
   */
  const renderPage = async (req: FastifyRequest, reply: FastifyReply, language: Language, nonce: string, postedForm?: PostedForm) => {
    const request = new Request(new URL(req.url, requestOrigin(req)), { headers: toFetchHeaders(req) })
    const inner = await app.requestContext(req, reply)
    const context = Promise.resolve({ ...inner, language })
    const response = await pages.render({
      request,
      language,
      publicUrl: opts.publicUrl,
      assets: pages.assets,
      // In-process calls: with the test provider off, `testPayments.*` answers NOT_FOUND here too.
      router: appRouter,
      createContext: () => context,
      nonce,
      testPayments: opts.testPayments,
      company: opts.company,
      ...(postedForm ? { postedForm } : {}),
    })
    if (response.status >= 500 && (await opts.databaseUnreachable())) throw new AppError('SERVICE_UNAVAILABLE', messages.serviceUnavailable)
    return response
  }

  /**
   * The page posted to, rendered again for a refused form (a form action's answer, form-posts.ts):
   * what was typed and why travel with this one answer, never cached (`status`: why it was refused).
   */
  app.decorate('renderPostedPage', async (req: FastifyRequest, reply: FastifyReply, status: number, postedForm: PostedForm) => {
    const language = languageOfPath(new URL(req.url, 'http://page').pathname)
    const nonce = randomBytes(16).toString('base64')
    const response = await renderPage(req, reply, language, nonce, postedForm)
    reply.status(response.status === 200 ? status : response.status)
    for (const [name, value] of response.headers) reply.header(name, value)
    return pageHeaders(reply, nonce, language).send(await response.text())
  })

  // Anything else that is not a GET (or its HEAD) is no page.
  app.setNotFoundHandler(async (_req, reply) => reply.status(404).type('application/json').send({ error: 'Not Found' }))

  // Every other GET is a page: a real route (not the not-found handler), so the compression
  // plugin's hooks wrap it like the API's answers.
  app.get('/*', async (req, reply) => {
    const url = new URL(req.url, 'http://page')
    // The old forms (`?lang=`, `/en`) answer 308 to the page's URL in its language; the home
    // follows a remembered choice (docs/product.md#language).
    const moved = languageRedirect(url, req.cookies[languageCookie])
    if (moved) {
      if (moved.remember) reply.setCookie(languageCookie, moved.remember, languageCookieOptions)
      // Not kept by browsers: the cookie must be set again each time someone follows it.
      return reply.header('cache-control', 'no-store').header('vary', 'Cookie').redirect(moved.location, moved.status)
    }
    // A page's language is its path, never a cookie: each URL is one page for every visitor.
    const language = languageOfPath(url.pathname)
    const nonce = randomBytes(16).toString('base64')
    // A visitor's page comes from memory while the catalog has not changed (docs/decisions/015);
    // its URL holds its language.
    const cache = req.method === 'GET' && isCacheablePath(stripLanguagePrefix(url.pathname)) && isVisitorRequest(req) ? opts.htmlCache : null
    const key = req.url
    const cached = cache?.get(key, nonce)
    if (cached) {
      reply.status(cached.status)
      for (const [name, value] of cached.headers) reply.header(name, value)
      return pageHeaders(reply, nonce, language).header('x-html-cache', 'hit').send(cached.body)
    }
    const version = cache?.version()
    let response = await renderPage(req, reply, language, nonce)
    // A product page the shop no longer has: a renamed slug answers 308 to its new address (links
    // and search results keep working), an archived product 410 (gone for good, unlike a typo).
    const productSlug = response.status === 404 ? productPath.exec(pagePath(stripLanguagePrefix(url.pathname)))?.[1] : undefined
    if (productSlug !== undefined) {
      const address = await opts.productAddress(productSlug)
      if (address && address !== 'gone') {
        const location = localizedPath(`/product/${encodeURIComponent(address.moved)}`, language) + url.search
        return reply.header('cache-control', 'no-store').redirect(location, 308)
      }
      if (address === 'gone') response = new Response(response.body, { status: 410, headers: response.headers })
    }
    reply.status(routerRedirectStatus(url, response))
    const headers = [...response.headers]
    for (const [name, value] of headers) reply.header(name, value)
    const body = await response.text()
    // Only a whole page that sets no cookie (no session ending) is kept.
    if (cache && version !== undefined) {
      const keep = response.status === 200 && !headers.some(([name]) => name === 'set-cookie') && reply.getHeader('set-cookie') === undefined
      if (keep) cache.set(key, { status: response.status, headers, body, nonce, version })
      reply.header('x-html-cache', 'miss')
    }
    return pageHeaders(reply, nonce, language).send(body)
  })
})
