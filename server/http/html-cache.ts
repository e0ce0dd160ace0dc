import type { FastifyRequest } from 'fastify'
import type { CatalogVersion } from '../services/catalog-version.ts'
import { hasAuthCookie } from './request-info.ts'

/**
 * Pages rendered for visitors, kept in memory per (language, URL) until the catalog changes
 * (issue 11; ARCHITECTURE.md, settled: only requests with neither a session cookie nor a cart
 * cookie, and a cached page holds no personal data). The page is stored with the nonce it was
 * rendered with; each response gets a fresh one in its place, so the Content-Security-Policy stays
 * one nonce per response.
 */
export interface CachedPage {
  status: number
  headers: Array<[string, string]>
  body: string
  nonce: string
  version: number
}

export interface HtmlCacheOptions {
  catalog: CatalogVersion
  /** Bounded: an attacker cycling query strings evicts the oldest pages, nothing more. */
  maxEntries?: number
}

export class HtmlCache {
  readonly #pages = new Map<string, CachedPage>()
  readonly #catalog: CatalogVersion
  readonly #maxEntries: number
  constructor(opts: HtmlCacheOptions) {
    this.#catalog = opts.catalog
    this.#maxEntries = opts.maxEntries ?? 500
    opts.catalog.subscribe(() => this.#pages.clear())
  }

  get size() {
    return this.#pages.size
  }

  /** The page for `key` rendered at the current catalog version, with `nonce` in place of its own. */
  get(key: string, nonce: string): Omit<CachedPage, 'nonce' | 'version'> | null {
    const page = this.#pages.get(key)
    if (!page) return null
    if (page.version !== this.#catalog.current()) {
      this.#pages.delete(key)
      return null
    }
    // Least recently used goes first: a hit moves the page to the end.
    this.#pages.delete(key)
    this.#pages.set(key, page)
    return { status: page.status, headers: page.headers, body: page.body.replaceAll(`nonce="${page.nonce}"`, `nonce="${nonce}"`) }
  }

  /** The catalog version to tag a page with: read before rendering, so a change during the render makes it stale. */
  version() {
    return this.#catalog.current()
  }

  set(key: string, page: CachedPage) {
    if (page.version !== this.#catalog.current()) return
    this.#pages.delete(key)
    this.#pages.set(key, page)
    while (this.#pages.size > this.#maxEntries) {
      const oldest = this.#pages.keys().next().value
      if (oldest === undefined) break
      this.#pages.delete(oldest)
    }
  }
}

/**
 * A visitor's request: no better-auth cookie (a session, a two-factor step; plain or __Secure-) and no cart cookie
 * (plain or __Host-). Only such a request may be answered from, or fill, the cache.
 */
export function isVisitorRequest(req: FastifyRequest): boolean {
  return !hasAuthCookie(req) && !Object.keys(req.cookies).some((name) => name.endsWith('cart_session_id'))
}

/**
 * The pages whose content is the catalog and fixed texts only. Anything else (a payment page, an
 * order's state, the account, checkout, sign-in) changes with more than the catalog: never cached.
 */
const cacheablePaths = [/^\/$/, /^\/(shop|catalog|about|contact|privacy|terms|returns|faq)$/, /^\/(category|product)\/[a-z0-9-]+$/]

export function isCacheablePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url
  return cacheablePaths.some((pattern) => pattern.test(pathname))
}
