import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { stagingEnv } from '../../tests/helpers/staging-env.ts'

// Every answer carries the security headers, whatever produced it: a page, an error
// page, the API, an API error, a plain route, a refused webhook, a static file. The shop runs
// here as in production (deploy/staging.env) behind https, where HSTS applies.

const publicUrl = 'https://shop.example'
const t = sharedTestApp({ pages: true, env: { ...stagingEnv(), NODE_ENV: 'production', PUBLIC_URL: publicUrl } })

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '')
  expect(csp, `${what}: CSP`).toMatch(/frame-ancestors 'none'/)
  expect(res.headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY')
  expect(res.headers['strict-transport-security'], `${what}: HSTS`).toMatch(/max-age=\d{7,}/)
  expect(res.headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('no-referrer')
  expect(res.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff')
  expect(String(res.headers['permissions-policy']), `${what}: Permissions-Policy`).toContain('camera=()')
  return csp
}

describe('security headers', () => {
  it('on pages: a CSP whose scripts need the page’s nonce', async () => {
    for (const url of ['/', '/en/shop', '/product/no-such-panel', '/auth']) {
      const res = await get(url)
      expect(res.headers['content-type'], url).toMatch(/text\/html/)
      const csp = expectSecurityHeaders(res, url)
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
      expect(nonce, url).toBeTruthy()
      expect(res.body, url).toContain(`nonce="${nonce}"`)
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    }
  })

  it('on the API, its errors and the plain routes: nothing may run or frame them', async () => {
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['a query', await get('/trpc/catalog.categories')],
      ['a refused query', await get('/trpc/account.export')],
      ['bad input', await get(`/trpc/catalog.product?input=${encodeURIComponent('{"slug":5}')}`)],
      ['an unknown procedure', await get('/trpc/nothing.here')],
      ['a cross-site mutation', await t.app.inject({ method: 'POST', url: '/trpc/cart.clear', headers: { origin: 'https://evil.example' } })],
      ['better-auth', await get('/api/auth/get-session')],
      [
        'a refused webhook',
        await t.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: '{}' }),
      ],
      ['liveness', await get('/healthz')],
      ['the sitemap', await get('/sitemap.xml')],
      ['robots.txt', await get('/robots.txt')],
      ['a missing picture', await get('/media/products/nothing.webp')],
      ['an invoice nobody may read', await get('/invoices/2026-000001.pdf')],
    ]
    for (const [what, res] of answers) {
      expect(res.statusCode, what).toBeLessThan(500)
      const csp = expectSecurityHeaders(res, what)
      if (!String(res.headers['content-type']).includes('text/html')) expect(csp, what).toMatch(/default-src 'none'/)
    }
  })

  it('on static files', async () => {
    const page = await get('/')
    const asset = /\/assets\/[\w.-]+\.css/.exec(page.body)?.[0]
    expect(asset).toBeTruthy()
    const res = await get(asset!)
    expect(res.statusCode).toBe(200)
    expectSecurityHeaders(res, asset!)
  })

  it('leaves HSTS out where the shop is served over plain http', async () => {
    const plain = await createTestApp({ env: { PUBLIC_URL: 'http://127.0.0.1:3000' } })
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/healthz' })
      expect(res.headers['strict-transport-security']).toBeUndefined()
      expect(String(res.headers['content-security-policy'])).toMatch(/frame-ancestors 'none'/)
    } finally {
      await plain.app.close()
    }
  })
})
