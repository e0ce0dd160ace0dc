import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { createAuth, type Auth } from './auth.ts'
import { AccessLog, logSerializers, newRequestId } from './logger.ts'
import type { DatabaseHandle } from './db/client.ts'
import type { Env, TrustProxy } from './env.ts'
import { authRoutes } from './http/auth-routes.ts'
import { basics } from './http/basics.ts'
import { mergeCartOnSignIn } from './http/cart-cookie.ts'
import { requestContext } from './http/context.ts'
import { errorAnswers } from './http/errors.ts'
import { health } from './http/health.ts'
import { pageRoutes } from './http/pages.ts'
import { formPosts } from './http/form-posts.ts'
import { withdrawalFormAction } from './http/withdrawal-form.ts'
import { addToCartFormAction } from './http/add-to-cart-form.ts'
import { publicFormActions } from './http/public-forms.ts'
import { checkoutFormAction } from './http/checkout-form.ts'
import { accountFormAction } from './http/account-forms.ts'
import { b2bRequestFormAction } from './http/b2b-request-form.ts'
import { ordersFormAction } from './http/orders-form.ts'
import { cartPageFormAction } from './http/cart-page-form.ts'
import { authFormAction, passwordResetFormAction } from './http/auth-forms.ts'
import { databaseUnreachable } from './db/unavailable.ts'
import { productAddress } from './services/catalog-admin.ts'
import { HtmlCache } from './http/html-cache.ts'
import { watchCatalog } from './services/catalog-version.ts'
import { catalogPdfRoute } from './http/catalog-pdf.ts'
import { mediaRoutes } from './http/media.ts'
import { invoiceRoutes } from './http/invoices.ts'
import { accountDataRoutes } from './http/account-data.ts'
import { backupRoutes } from './http/backups.ts'
import { verifactuRoutes } from './http/verifactu.ts'
import { ordersExportRoutes } from './http/orders-export.ts'
import { paymentLinkRoutes } from './http/payment-link.ts'
import { metricsRoutes } from './http/metrics.ts'
import { overload } from './http/overload.ts'
import { seoRoutes } from './http/seo.ts'
import { loadPageRenderer, type PageRenderer } from './http/ssr.ts'
import { trpcRoutes } from './http/trpc.ts'
import { webhooks } from './http/webhooks.ts'
import { appRouter, liveRouter } from './router.ts'
import { claimGuestOrdersAtSignIn, endSession, tellOwnerOfSignUpAttempt } from './services/account.ts'
import { endIfOutlived } from './services/sessions.ts'
import { closeServices, createServices, type ServiceOverrides } from './services/index.ts'
import { createBackups } from './services/backups.ts'
import { emailOutboxCounts, startEmailOutboxWorker } from './services/email-outbox.ts'
import { recordSendStates } from './services/verifactu/sender.ts'
import { startVerifactuSending } from './services/verifactu/sending.ts'

export const defaultDistDir = fileURLToPath(new URL('../dist', import.meta.url))

export interface AppDeps extends ServiceOverrides {
  env: Env
  database: DatabaseHandle
  /** Server-side page rendering; loaded from `distDir` when not given. `false` disables pages. */
  pages?: PageRenderer | false
  distDir?: string
  /** `false`: no log; a stream: the JSON log lines go there (tests read what an operator would). */
  logger?: boolean | { write(line: string): void }
  /** Authorities to trust for the AEAT's web service instead of Node's (tests: the fake AEAT's). */
  verifactuCa?: string
  /** How often the VERI*FACTU sender looks for records to send (10 s). */
  verifactuEveryMs?: number
  /** Development only (server/dev.ts): Vite's dev server, registered before every route. */
  devServer?: FastifyPluginAsync
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth
  }
}

/** Fastify takes a hop count at run time but types only a function for it. */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust
}

/** The whole shop as one Fastify instance: a list of plugins, each owning one job (server/http/). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps
  const db = database.db
  const distDir = deps.distDir ?? defaultDistDir
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: env.LOG_LEVEL, serializers: logSerializers, ...(typeof deps.logger === 'object' ? { stream: deps.logger } : {}) },
    // A random id per request (several instances never repeat one), never one a client sends.
    genReqId: newRequestId,
    requestIdHeader: false,
    // The client's address, host and scheme come from X-Forwarded-* only when sent by a proxy the
    // operator named (TRUST_PROXY); otherwise they are the connection's own.
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // tRPC batches name every procedure in the path (`/trpc/a,b,c`): room for the client's
    // largest batch (its maxURLLength), beyond Fastify's default of 100 characters.
    routerOptions: { maxParamLength: 5000 },
    return503OnClosing: true,
    logController: new AccessLog(),
  })

  const pages = deps.pages === undefined ? await loadPageRenderer(distDir) : deps.pages
  if (pages === null) app.log.warn('client build not found in %s: run `npm run build` to serve pages', distDir)
  // The catalog's changes, followed on every instance: the HTML cache and the catalog reads start afresh.
  const catalog = await watchCatalog(database, app.log)
  // The embedded database is backed up by the shop itself, daily, seven kept.
  const backups = createBackups(database, { dir: join(env.DATA_DIR, 'backups'), log: app.log })
  // Only a shop that serves makes them (tests that inject requests never listen).
  app.addHook('onListen', async () => backups.start())
  const services = createServices(env, db, app.log, { ...deps, catalogVersion: catalog, backups })
  if (!(await services.limits.ready())) app.log.warn('Redis (REDIS_URL) not reachable yet: rate limits are kept in memory until it is')
  app.log.info({ payments: services.payments.name, mail: services.mailer.transport, rateLimits: services.limits.store }, 'services ready')
  if (env.isProduction && services.testPayments) {
    app.log.warn('ALLOW_TEST_PAYMENTS: payments use the built-in TEST provider and orders are not really paid (every page says so)')
  }
  const auth = createAuth(db, env, {
    mailer: services.mailer,
    log: app.log,
    limits: services.limits,
    beforeAccountDeleted: (userId) => services.orders.cancelPendingOf({ userId }, { log: app.log }),
  })
  app.decorate('auth', auth)
  // Pending orders left unpaid when their payment session lapses are cancelled (docs/product.md#checkout).
  const pendingOrderExpiry = services.orders.startExpiry({ log: app.log })
  // Every instance runs the jobs a transition queued and left undone (an order's emails, docs/decisions/022),
  // then retries the emails kept in email_outbox (docs/decisions/019).
  const emailWorker = startEmailOutboxWorker(services.mailer, {
    log: app.log,
    beforeDelivery: () => services.orders.jobs.runDue(),
    sweep: () => services.orders.jobs.purgeDone(),
  })
  // The billing records go to the AEAT from every instance, one sender at a time (docs/decisions/028).
  const verifactu = startVerifactuSending(env, database, app.log, {
    ...(deps.verifactuCa ? { ca: deps.verifactuCa } : {}),
    ...(deps.verifactuEveryMs ? { everyMs: deps.verifactuEveryMs } : {}),
  })
  app.addHook('onClose', async () => {
    await verifactu.stop()
    await emailWorker.stop()
    // The emails requests left running when they answered, before the database closes.
    await services.orders.jobs.settle()
    await pendingOrderExpiry.stop()
    await catalog.stop()
    await backups.stop()
    await closeServices(services)
    await database.close()
  })

  const https = env.PUBLIC_URL.startsWith('https://')
  const exposeErrors = env.DEBUG_ERRORS && !env.isProduction
  if (deps.devServer) await app.register(deps.devServer)
  await app.register(basics, { https, cookieSecret: env.BETTER_AUTH_SECRET })
  await app.register(metricsRoutes, {
    token: env.METRICS_TOKEN,
    port: env.METRICS_PORT,
    host: env.METRICS_HOST,
    emailCounts: () => emailOutboxCounts(db),
    poolUse: () => database.poolUse(),
    verifactuCounts: async () => (env.verifactu.mode === 'off' ? null : recordSendStates(db, env.verifactu.mode)),
  })
  await app.register(errorAnswers, { expose: exposeErrors })
  await app.register(overload, { maxEventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS })
  await app.register(requestContext, {
    db,
    auth,
    services,
    publicUrl: env.PUBLIC_URL,
    secureCookies: https,
    exposeErrors,
    sessionPolicy: env.sessionPolicy,
  })
  await app.register(health, { database, redis: services.limits.store === 'redis' ? services.limits : null })
  const mergeCart = mergeCartOnSignIn(db, https)
  await app.register(authRoutes, {
    auth,
    db,
    limits: services.limits,
    publicUrl: env.PUBLIC_URL,
    shopWords: [env.company.name, env.company.address.city],
    deviceSecret: env.BETTER_AUTH_SECRET,
    onSignedIn: async (userId, req, reply) => {
      await mergeCart(userId, req, reply)
      await claimGuestOrdersAtSignIn(db, userId)
    },
    endSession: (token) => endSession(db, token),
    endIfOutlived: (session) => endIfOutlived(db, env.sessionPolicy, session),
    onSignUpTaken: (email, language) =>
      tellOwnerOfSignUpAttempt(db, { mailer: services.mailer, publicUrl: env.PUBLIC_URL, company: env.company, log: app.log }, email, language),
  })
  // The test payment procedures exist only while the built-in test provider takes payments.
  await app.register(trpcRoutes, { router: services.testPayments ? appRouter : liveRouter, catalog: deps.devServer ? null : catalog })
  await app.register(seoRoutes, { db, publicUrl: env.PUBLIC_URL })
  await app.register(catalogPdfRoute, { catalogPdf: services.catalogPdf })
  await app.register(mediaRoutes, { db, media: services.media, catalogVersion: services.catalogVersion })
  await app.register(invoiceRoutes, { db })
  await app.register(accountDataRoutes, { db })
  await app.register(backupRoutes, { backups })
  await app.register(verifactuRoutes, { db, env })
  await app.register(ordersExportRoutes, { db })
  await app.register(paymentLinkRoutes, { services, publicUrl: env.PUBLIC_URL })
  await app.register(webhooks, { db, services })
  if (pages) {
    await app.register(pageRoutes, {
      productAddress: (slug) => productAddress(db, slug),
      databaseUnreachable: () => databaseUnreachable(db),
      pages,
      distDir: deps.devServer ? null : distDir,
      publicUrl: env.PUBLIC_URL,
      testPayments: services.testPayments !== null,
      company: env.company,
      htmlCache: deps.devServer ? null : new HtmlCache({ catalog }),
    })
    // A page's form posted before its script ran: a page that says to try again (its own parsers).
    await app.register(formPosts, {
      actions: [
        withdrawalFormAction(services),
        addToCartFormAction(app),
        ...publicFormActions(app),
        authFormAction(app, env.PUBLIC_URL),
        passwordResetFormAction(app, env.PUBLIC_URL),
        accountFormAction(app, env.PUBLIC_URL),
        b2bRequestFormAction(app),
        ordersFormAction(app),
        cartPageFormAction(app),
        checkoutFormAction(app),
      ],
      publicUrl: env.PUBLIC_URL,
    })
  }
  return app
}
