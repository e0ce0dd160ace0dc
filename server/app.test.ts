import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { profiles, user } from './db/schema/index.ts'
import { seedProducts } from './db/seed-data.ts'
import { createTestApp, testPublicUrl, type TestApp } from '../tests/helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.app.close()
})

const trpcGet = (path: string, input?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    headers,
  })
const signUpWith = (payload: { email: string; password: string; name: string }) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { 'content-type': 'application/json', origin: testPublicUrl }, payload })

describe('HTTP', () => {
  it('reports liveness (/healthz) and readiness with the database and its migrations (/readyz)', async () => {
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(alive.statusCode).toBe(200)
    expect(alive.json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind })
  })

  it('is not ready while one of its migrations is missing, and says which part', async () => {
    // As if this build's last migration had not run yet (another instance still migrating).
    const last = sql`(select max(id) from drizzle.__drizzle_migrations)`
    await t.database.db.execute(sql`create temporary table held as select * from drizzle.__drizzle_migrations where id = ${last}`)
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last}`)
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json()).toEqual({ status: 'unavailable', failing: ['migrations'] })
    expect(ready.headers['retry-after']).toBe('5')
    await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations select * from held`)
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })

  it('serves the catalog through tRPC over HTTP without wholesale prices for visitors', async () => {
    const res = await trpcGet('catalog.products', { categorySlug: 'madera' })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ result: { data: Array<Record<string, unknown>> } }>()
    expect(body.result.data.length).toBeGreaterThanOrEqual(4)
    expect(res.body).not.toContain('priceWholesaleCents')
  })

  it('answers 404 for an unknown product and 400 with readable issues for bad input', async () => {
    expect((await trpcGet('catalog.product', { slug: 'nope' })).statusCode).toBe(404)
    const bad = await trpcGet('catalog.product', { slug: 7 }, { cookie: 'lang=es' })
    expect(bad.statusCode).toBe(400)
    const error = bad.json<{
      error: { message: string; data: { code: string; zodIssues: Array<{ path: string[]; message: string }>; stack?: string } }
    }>().error
    expect(error.data.code).toBe('BAD_REQUEST')
    expect(error.data.zodIssues[0]?.path).toEqual(['slug'])
    // In the caller's language (cookie `lang`): Spanish here.
    expect(error.message).toMatch(/se esperaba|inválid/i)
    const english = await trpcGet('catalog.product', { slug: 7 }, { cookie: 'lang=en' })
    expect(english.json<{ error: { message: string } }>().error.message).toMatch(/expected string/i)
  })

  it('serves robots.txt and a sitemap with every page in both languages', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(robots.body).toContain(`Sitemap: ${testPublicUrl}/sitemap.xml`)
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(sitemap.statusCode).toBe(200)
    expect(sitemap.headers['content-type']).toContain('application/xml')
    // Spanish at the bare path, English under /en/ (docs/product.md#language).
    for (const prefix of ['', '/en']) {
      expect(sitemap.body).toContain(`<loc>${testPublicUrl}${prefix}/</loc>`)
      expect(sitemap.body).toContain(`<loc>${testPublicUrl}${prefix}/category/marmol</loc>`)
      expect(sitemap.body).toContain(`<loc>${testPublicUrl}${prefix}/product/${seedProducts[0]!.slug}</loc>`)
    }
    expect(sitemap.body).not.toContain('?lang=')
    // Each entry lists both languages and x-default, the Spanish URL.
    const product = seedProducts[0]!.slug
    const entry = new RegExp(`<url>\\s*<loc>${testPublicUrl}/en/product/${product}</loc>([\\s\\S]*?)</url>`).exec(sitemap.body)?.[1] ?? ''
    expect(entry).toContain(`hreflang="es" href="${testPublicUrl}/product/${product}"`)
    expect(entry).toContain(`hreflang="en" href="${testPublicUrl}/en/product/${product}"`)
    expect(entry).toContain(`hreflang="x-default" href="${testPublicUrl}/product/${product}"`)
    // Private pages stay out of search engines in both languages.
    expect(robots.body).toContain('Disallow: /checkout')
    expect(robots.body).toContain('Disallow: /en/checkout')
  })

  it('signs up through better-auth, creates the profile, and account.me knows the user', async () => {
    const email = `shopper-${Date.now()}@example.com`
    const signUp = await signUpWith({ email, password: 'correct-horse-battery', name: 'Lucía Pérez' })
    expect(signUp.statusCode).toBe(200)
    const cookie = signUp.cookies.find((c) => c.name.includes('session_token'))
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite?.toLowerCase()).toBe('lax')

    const me = await trpcGet('account.me', undefined, { cookie: `${cookie!.name}=${cookie!.value}` })
    const data = me.json<{ result: { data: { user: { id: string } } } }>().result.data
    expect(data).toMatchObject({ user: { email, name: 'Lucía Pérez' }, role: 'customer' })
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, data.user.id))
    expect(profile).toMatchObject({ fullName: 'Lucía Pérez', approvedB2b: false })
    const anonymous = await trpcGet('account.me')
    expect(anonymous.json<{ result: { data: unknown } }>().result.data).toBeNull()
  })

  it('refuses a password shorter than 8 characters, creating no account', async () => {
    const res = await signUpWith({ email: 'short@example.com', password: 'short', name: 'Short' })
    expect(res.statusCode).toBe(400)
    // The shared rule, counted in characters, in the visitor's language.
    expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', message: 'La contraseña debe tener al menos 8 caracteres', field: 'password' })
    expect(await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'short@example.com'))).toEqual([])
    const emoji = await signUpWith({ email: 'emoji@example.com', password: '😀😀😀😀', name: 'Emoji' })
    expect(emoji.statusCode).toBe(400)
  })
})

describe('security headers', () => {
  it('sends nosniff, a frame policy and a referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
  })
})

describe('without a client build', () => {
  it('starts and serves the API, health and translated errors: emails and messages are the server’s own', async () => {
    const bare = await createTestApp({ distDir: mkdtempSync(join(tmpdir(), 'no-build-')) })
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
      const missing = await bare.app.inject({
        method: 'GET',
        url: `/trpc/catalog.product?input=${encodeURIComponent(JSON.stringify({ slug: 'nope' }))}`,
        headers: { cookie: 'lang=es' },
      })
      expect(missing.statusCode).toBe(404)
      expect(missing.json<{ error: { message: string } }>().error.message).toBe('Producto no encontrado')
      expect((await bare.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404)
    } finally {
      await bare.app.close()
    }
  })
})
