import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { appRouter } from '../router.ts'
import { toFetchHeaders } from './auth-routes.ts'
import { requestLanguage, requestOrigin } from './request-info.ts'
import type { PageRenderer } from './ssr.ts'
import { isCacheablePath, isVisitorRequest, type HtmlCache } from './html-cache.ts'
import { languageCookie } from '../../core/language.ts'
import type { Company } from '../../core/company.ts'

/**
 * Pages run only this origin's scripts and the response's own inline ones (the router's hydration
 * data). Styles keep 'unsafe-inline' (issue 18 asked; this is why not): the shop's own CSS is
 * static files (vanilla-extract), but Radix positions menus, popovers and dialogs with style
 * attributes, and its scroll lock and the toasts (sonner) insert <style> elements at run time,
 * which no nonce reaches. Style injection cannot run script; scripts stay nonce-only. (Not
 * @fastify/helmet's `enableCSPNonces`: it also puts a nonce in style-src, which makes browsers
 * ignore 'unsafe-inline' and would block those attributes.)
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
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
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
}

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

  const pageHeaders = (reply: FastifyReply, nonce: string) =>
    reply
      .header('content-security-policy', contentSecurityPolicy(nonce, distDir === null))
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie')

  app.setNotFoundHandler(async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).type('application/json').send({ error: 'Not Found' })
    const language = requestLanguage(req)
    const query = req.query as Record<string, unknown>
    const choosesLanguage = query.lang === language
    if (choosesLanguage) reply.setCookie(languageCookie, language, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' })
    const nonce = randomBytes(16).toString('base64')
    // A visitor's page comes from memory while the catalog has not changed (issue 11).
    const cache = req.method === 'GET' && !choosesLanguage && isCacheablePath(req.url) && isVisitorRequest(req) ? opts.htmlCache : null
    const key = `${language} ${req.url}`
    const cached = cache?.get(key, nonce)
    if (cached) {
      reply.status(cached.status)
      for (const [name, value] of cached.headers) reply.header(name, value)
      return pageHeaders(reply, nonce).header('x-html-cache', 'hit').send(cached.body)
    }
    const version = cache?.version()
    const request = new Request(new URL(req.url, requestOrigin(req)), { headers: toFetchHeaders(req) })
    // One context (session and role lookup) for all the queries this page runs.
    const context = app.requestContext(req, reply)
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
    })
    reply.status(response.status)
    const headers = [...response.headers]
    for (const [name, value] of headers) reply.header(name, value)
    const body = await response.text()
    // Only a whole page that sets no cookie (no language choice, no session ending) is kept.
    if (cache && version !== undefined) {
      const keep = response.status === 200 && !headers.some(([name]) => name === 'set-cookie') && reply.getHeader('set-cookie') === undefined
      if (keep) cache.set(key, { status: response.status, headers, body, nonce, version })
      reply.header('x-html-cache', 'miss')
    }
    return pageHeaders(reply, nonce).send(body)
  })
})
