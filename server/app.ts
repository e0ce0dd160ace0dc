import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import { fastifyTRPCPlugin, type CreateFastifyContextOptions } from '@trpc/server/adapters/fastify'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { createAuth, type Auth } from './auth.ts'
import type { DatabaseHandle } from './db/client.ts'
import type { Env } from './env.ts'
import { registerAuthRoutes, toFetchHeaders } from './http/auth-routes.ts'
import { cartSessionFor, clearCartCookie } from './http/cart-cookie.ts'
import { isSameOrigin, requestLanguage, requestOrigin } from './http/request-info.ts'
import { buildRobots, buildSitemap } from './http/seo.ts'
import { loadPageRenderer, type PageRenderer } from './http/ssr.ts'
import { appRouter, type AppRouter } from './router.ts'
import { mergeSessionCart } from './services/cart.ts'
import { resolveRole } from './services/roles.ts'
import { createMailer, type Mailer } from './services/mail.ts'
import { handlePaymentEvent, type CommerceServices } from './services/payments/flow.ts'
import { InvalidSignatureError, type PaymentProvider } from './services/payments/provider.ts'
import { createStripeProvider, type StripePaymentProvider } from './services/payments/stripe.ts'
import { createTestProvider } from './services/payments/test-provider.ts'
import type { OrderConfirmationRenderer } from '../src/emails/order-confirmation.tsx'
import { company } from '../src/shared/company.ts'
import { createContextInner, type Context, type SessionUser } from './trpc.ts'
import { languageCookie, type Language } from '../src/shared/language.ts'

export const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url))

export interface AppDeps {
  env: Env
  database: DatabaseHandle
  /** Overrides for tests: by default Stripe (STRIPE_SECRET_KEY) or the built-in test provider. */
  payments?: PaymentProvider
  stripe?: StripePaymentProvider
  mailer?: Mailer
  /** The email templates; by default from the SSR bundle, where the Lingui catalogs are compiled. */
  renderOrderConfirmation?: OrderConfirmationRenderer
  /** Server messages in es/en; by default from the SSR bundle. */
  translate?: (language: Language, source: string) => string
  /** Server-side page rendering; loaded from `distDir` when not given. `false` disables pages. */
  pages?: PageRenderer | false
  distDir?: string
  logger?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth
  }
}

/**
 * Pages run only this origin's scripts and the response's own inline ones (the router's hydration
 * data). Inline style attributes stay allowed: the UI libraries position elements with them.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    'frame-src https://www.openstreetmap.org',
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps
  const distDir = deps.distDir ?? defaultDistDir
  const app = Fastify({
    logger: deps.logger === false ? false : { level: env.LOG_LEVEL },
    trustProxy: true,
    // Fastify refuses a JSON POST with an empty body before better-auth sees it (STACK.md).
    return503OnClosing: true,
  })
  const auth = createAuth(database.db, env)
  const secureCookies = env.PUBLIC_URL.startsWith('https://')
  app.decorate('auth', auth)

  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined)
    try {
      done(null, JSON.parse(body as string))
    } catch (error) {
      ;(error as { statusCode?: number }).statusCode = 400
      done(error as Error, undefined)
    }
  })

  await app.register(fastifyCookie)
  // Security headers (nosniff, frame options, referrer policy, HSTS behind https). Pages get their
  // own Content-Security-Policy with a nonce below.
  await app.register(fastifyHelmet, { contentSecurityPolicy: false, hsts: env.PUBLIC_URL.startsWith('https://') ? undefined : false })
  await app.register(fastifyCompress, { threshold: 1024 })

  const pages = deps.pages === undefined ? await loadPageRenderer(distDir) : deps.pages
  const stripe = deps.stripe ?? (env.STRIPE_SECRET_KEY ? createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '' }) : null)
  const payments = deps.payments ?? stripe ?? createTestProvider(database.db, env.PUBLIC_URL)
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${company.name} <${company.email}>`, outboxDir: join(env.DATA_DIR, 'outbox'), log: app.log })
  const renderOrderConfirmation = deps.renderOrderConfirmation ?? (pages ? pages.renderOrderConfirmation : null)
  if (!renderOrderConfirmation) throw new Error('No email templates: build the client (npm run build) or pass renderOrderConfirmation')
  const services: CommerceServices = { payments, mailer, renderOrderConfirmation, publicUrl: env.PUBLIC_URL }
  const translate = deps.translate ?? (pages ? pages.translate : null)
  app.log.info({ payments: payments.name, mail: mailer.transport }, 'commerce services ready')
  if (env.isProduction && payments.name === 'test') {
    app.log.warn('payments use the built-in TEST provider: orders are not really paid. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments.')
  }

  app.addHook('onClose', async () => {
    await mailer.close()
    await database.close()
  })

  app.get('/healthz', async (_req, reply) => {
    try {
      await database.db.execute(sql`select 1`)
      return { status: 'ok', database: database.kind }
    } catch (error) {
      app.log.error({ err: error }, 'health check failed')
      return reply.status(503).send({ status: 'error' })
    }
  })

  // Signing in or up merges the anonymous cart into the user's (PRODUCT.md §3).
  registerAuthRoutes(app, auth, async (userId, req, reply) => {
    const session = cartSessionFor(req, reply, secureCookies)
    if (!session.id) return
    const role = await resolveRole(database.db, userId, req.log)
    await mergeSessionCart(database.db, session.id, userId, role)
    clearCartCookie(reply, secureCookies)
  })

  async function sessionUser(req: FastifyRequest): Promise<SessionUser | null> {
    const result = await auth.api.getSession({ headers: toFetchHeaders(req) })
    if (!result) return null
    return { id: result.user.id, email: result.user.email, name: result.user.name }
  }

  /** The tRPC context of an HTTP request: session and role resolved once, here. */
  async function contextFor(req: FastifyRequest, reply: FastifyReply): Promise<Context> {
    const user = await sessionUser(req)
    const role = user ? await resolveRole(database.db, user.id, req.log) : null
    const language = requestLanguage(req)
    return createContextInner({
      db: database.db,
      user,
      role,
      language,
      log: req.log,
      sameOrigin: isSameOrigin(req, env.PUBLIC_URL),
      isProduction: env.isProduction,
      cartSession: cartSessionFor(req, reply, secureCookies),
      services,
      ...(translate ? { translate: (source: string) => translate(language, source) } : {}),
    })
  }

  await app.register(fastifyTRPCPlugin<AppRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }: CreateFastifyContextOptions) => contextFor(req, res),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed')
      },
    },
  })

  app.get('/robots.txt', async (_req, reply) => reply.type('text/plain; charset=utf-8').send(buildRobots(env.PUBLIC_URL)))
  app.get('/sitemap.xml', async (_req, reply) =>
    reply.type('application/xml; charset=utf-8').send(await buildSitemap(database.db, env.PUBLIC_URL)),
  )

  // Stripe's webhook: the raw body is needed to verify the signature (PRODUCT.md §2).
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers()
    webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    webhooks.post('/webhooks/stripe', async (req, reply) => {
      if (!stripe) return reply.status(404).send({ error: 'Stripe is not configured' })
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      let event
      try {
        event = stripe.parseWebhook(body, typeof req.headers['stripe-signature'] === 'string' ? req.headers['stripe-signature'] : undefined)
      } catch (error) {
        if (error instanceof InvalidSignatureError) {
          req.log.warn('Stripe webhook with an invalid signature refused')
          return reply.status(400).send({ error: 'Invalid signature' })
        }
        throw error
      }
      await handlePaymentEvent(database.db, services, event, req.log)
      return { received: true }
    })
  })

  if (pages) {
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
  } else if (deps.pages === undefined) {
    app.log.warn('client build not found in %s: run `npm run build` to serve pages', distDir)
  }

  // Every other GET is a page: rendered on the server in the request's language.
  app.setNotFoundHandler(async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !pages) {
      return reply.status(404).type('application/json').send({ error: 'Not Found' })
    }
    const language = requestLanguage(req)
    const query = req.query as Record<string, unknown>
    if (query.lang === language) {
      reply.setCookie(languageCookie, language, { path: '/', maxAge: 60 * 60 * 24 * 365, sameSite: 'lax' })
    }
    const request = new Request(new URL(req.url, requestOrigin(req)), { headers: toFetchHeaders(req) })
    const nonce = randomBytes(16).toString('base64')
    // One context (session and role lookup) for all the queries this page runs.
    const context = contextFor(req, reply)
    const response = await pages.render({
      request,
      language,
      publicUrl: env.PUBLIC_URL,
      assets: pages.assets,
      router: appRouter,
      createContext: () => context,
      nonce,
    })
    reply.status(response.status)
    response.headers.forEach((value, key) => reply.header(key, value))
    reply.header('content-security-policy', contentSecurityPolicy(nonce))
    reply.header('cache-control', 'no-store')
    reply.header('vary', 'Cookie')
    return reply.send(await response.text())
  })

  return app
}
