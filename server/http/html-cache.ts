import type { FastifyRequest } from 'fastify'
import type { CatalogVersion } from '../services/catalog-version.ts'
import { hasAuthCookie } from './request-info.ts'

/**
 * Pages rendered for visitors, kept in memory per (language, URL) until the catalog changes
 * (docs/decisions/015: only requests with neither a session cookie nor a cart cookie, and a cached
 * page holds no personal data). The page is stored with the nonce it was rendered with; each
 * response gets a fresh one in its place, so the Content-Security-Policy stays one nonce per
 * response.
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
  /** And bounded in bytes (of the pages kept), so memory stays flat whatever the pages weigh. */
  maxBytes?: number
}

/**
 * A kept page cut at its nonce attributes and encoded once, so a response only joins the bytes
 * around a fresh nonce: no string to build and encode per request.
 */
interface KeptPage {
  status: number
  headers: Array<[string, string]>
  pieces: Buffer[]
  version: number
  bytes: number
}

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`

export class HtmlCache {
  readonly #pages = new Map<string, KeptPage>()
  readonly #catalog: CatalogVersion
  readonly #maxEntries: number
  readonly #maxBytes: number
  #bytes = 0
  constructor(opts: HtmlCacheOptions) {
    this.#catalog = opts.catalog
    this.#maxEntries = opts.maxEntries ?? 500
    this.#maxBytes = opts.maxBytes ?? 16 * 1024 * 1024
    opts.catalog.subscribe(() => {
      this.#pages.clear()
      this.#bytes = 0
    })
  }

  #delete(key: string) {
    const page = this.#pages.get(key)
    if (!page) return
    this.#bytes -= page.bytes
    this.#pages.delete(key)
  }

  get size() {
    return this.#pages.size
  }

  /** The page for `key` rendered at the current catalog version, with `nonce` in place of its own. */
  get(key: string, nonce: string): { status: number; headers: Array<[string, string]>; body: Buffer } | null {
    const page = this.#pages.get(key)
    if (!page) return null
    if (page.version !== this.#catalog.current()) {
      this.#delete(key)
      return null
    }
    // Least recently used goes first: a hit moves the page to the end.
    this.#pages.delete(key)
    this.#pages.set(key, page)
    const fresh = Buffer.from(nonceAttribute(nonce))
    const parts = page.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [fresh, piece]))
    return { status: page.status, headers: page.headers, body: Buffer.concat(parts) }
  }

  /** The catalog version to tag a page with: read before rendering, so a change during the render makes it stale. */
  version() {
    return this.#catalog.current()
  }

  set(key: string, page: CachedPage) {
    if (page.version !== this.#catalog.current()) return
    this.#delete(key)
    const pieces = page.body.split(nonceAttribute(page.nonce)).map((piece) => Buffer.from(piece))
    const bytes = pieces.reduce((total, piece) => total + piece.length, 0)
    this.#pages.set(key, { status: page.status, headers: page.headers, pieces, version: page.version, bytes })
    this.#bytes += bytes
    while (this.#pages.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const oldest = this.#pages.keys().next().value
      if (oldest === undefined) break
      this.#delete(oldest)
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
