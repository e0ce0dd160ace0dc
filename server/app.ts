import { randomBytes } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
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
import type { Env, TrustProxy } from './env.ts'
import { registerAuthRoutes, toFetchHeaders } from './http/auth-routes.ts'
import { cartSessionFor, clearCartCookie } from './http/cart-cookie.ts'
import { isSameOrigin, requestLanguage, requestOrigin } from './http/request-info.ts'
import { buildRobots, buildSitemap } from './http/seo.ts'
import { loadPageRenderer, type PageRenderer } from './http/ssr.ts'
import { appRouter, liveRouter, type ServedRouter } from './router.ts'
import { mergeSessionCart } from './services/cart.ts'
import { createRateLimits } from './services/rate-limits.ts'
import { resolveRole } from './services/roles.ts'
import { createMailer, type Mailer } from './services/mail.ts'
import { handlePaymentEvent, type CommerceServices } from './services/payments/flow.ts'
import { InvalidSignatureError, type PaymentProvider } from './services/payments/provider.ts'
import { createStripeProvider, type StripePaymentProvider } from './services/payments/stripe.ts'
import { createTestProvider } from './services/payments/test-provider.ts'
import type { OrderConfirmationRenderer } from '../src/emails/order-confirmation.tsx'
import { company } from '../src/shared/company.ts'
import { createContextInner, internalErrorMessage, type Context, type SessionUser } from './trpc.ts'
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

/** Fastify takes a hop count at run time but types only a function for it. */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

const badRequestMessage = 'The request could not be processed.'

// Answers that are the same for every caller; everything else depends on the session or role.
const publicQueries = new Set(['catalog.categories', 'catalog.category'])

/** tRPC answers: cacheable by anyone only when every procedure in the batch is the same for all. */
function cacheHeaders(paths: readonly string[] | undefined, type: string, failed: boolean): Record<string, string> {
  const shared = type === 'query' && !failed && paths !== undefined && paths.length > 0 && paths.every((p) => publicQueries.has(p))
  return { 'cache-control': shared ? 'public, max-age=60' : 'private, no-store', vary: 'Cookie' }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps
  const distDir = deps.distDir ?? defaultDistDir
  const app = Fastify({
    logger: deps.logger === false ? false : { level: env.LOG_LEVEL },
    // The client's address, host and scheme come from X-Forwarded-* only when sent by a proxy the
    // operator named (TRUST_PROXY); otherwise they are the connection's own.
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // tRPC batches name every procedure in the path (`/trpc/a,b,c`): room for the client's
    // largest batch (its maxURLLength), beyond Fastify's default of 100 characters.
    routerOptions: { maxParamLength: 5000 },
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
  // The test provider only where the environment allows it (never in production without opt-in).
  const testPayments = !stripe && !deps.payments && env.testPayments ? createTestProvider(database.db, env.PUBLIC_URL) : null
  const payments = deps.payments ?? stripe ?? testPayments
  if (!payments) throw new Error('No payment provider: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or ALLOW_TEST_PAYMENTS=1')
  const servedRouter: ServedRouter = testPayments ? appRouter : liveRouter
  const limits = createRateLimits({ redisUrl: env.REDIS_URL, log: app.log })
  if (!(await limits.ready())) app.log.warn('Redis (REDIS_URL) not reachable yet: rate limits are kept in memory until it is')
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? `${company.name} <${company.email}>`, outboxDir: join(env.DATA_DIR, 'outbox'), log: app.log })
  const renderOrderConfirmation = deps.renderOrderConfirmation ?? (pages ? pages.renderOrderConfirmation : null)
  if (!renderOrderConfirmation) throw new Error('No email templates: build the client (npm run build) or pass renderOrderConfirmation')
  const services: CommerceServices = { payments, testPayments, mailer, renderOrderConfirmation, publicUrl: env.PUBLIC_URL }
  const translate = deps.translate ?? (pages ? pages.translate : (_language: Language, source: string) => source)
  app.log.info({ payments: payments.name, mail: mailer.transport, rateLimits: limits.store }, 'commerce services ready')
  if (env.isProduction && testPayments) {
    app.log.warn('ALLOW_TEST_PAYMENTS: payments use the built-in TEST provider and orders are not really paid (a banner says so on every page)')
  }

  app.addHook('onClose', async () => {
    await mailer.close()
    await limits.close()
    await database.close()
  })

  // One answer for every unexpected failure: the detail goes to the log with the request id, the
  // client gets a generic message in its language (never SQL, a stack trace or an internal text).
  app.setErrorHandler(async (error: unknown, req, reply) => {
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500
    const language = requestLanguage(req)
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed')
      const message = env.DEBUG_ERRORS && !env.isProduction && error instanceof Error ? error.message : translate(language, internalErrorMessage)
      return reply.status(status).send({ statusCode: status, error: STATUS_CODES[status], message, requestId: req.id })
    }
    req.log.info({ err: error }, 'request refused')
    return reply.status(status).send({ statusCode: status, error: STATUS_CODES[status], message: translate(language, badRequestMessage) })
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

  registerAuthRoutes(app, auth, {
    limits,
    translate,
    // Signing in or up merges the anonymous cart into the user's (PRODUCT.md §3).
    async onSignedIn(userId, req, reply) {
      const session = cartSessionFor(req, reply, secureCookies)
      if (!session.id) return
      const role = await resolveRole(database.db, userId, req.log)
      await mergeSessionCart(database.db, session.id, userId, role)
      clearCartCookie(reply, secureCookies)
    },
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
      clientIp: req.ip,
      limits,
      exposeErrors: env.DEBUG_ERRORS && !env.isProduction,
      cartSession: cartSessionFor(req, reply, secureCookies),
      services,
      translate: (source: string) => translate(language, source),
    })
  }

  await app.register(fastifyTRPCPlugin<ServedRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: servedRouter,
      createContext: ({ req, res }: CreateFastifyContextOptions) => contextFor(req, res),
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed')
      },
      responseMeta: ({ paths, type, errors }) => ({ headers: cacheHeaders(paths, type, errors.length > 0) }),
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
      // In-process calls: with the test provider off, `testPayments.*` answers NOT_FOUND here too.
      router: appRouter,
      createContext: () => context,
      nonce,
      testPayments: testPayments !== null,
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
