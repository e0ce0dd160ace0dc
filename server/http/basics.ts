import { createHmac } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { translate } from '../i18n.ts'
import { requestLanguage } from './request-info.ts'
import { messages } from '../../core/messages.ts'

const allowedMethods = new Set(['GET', 'HEAD', 'POST'])

/**
 * What every route relies on: JSON bodies (an empty one is allowed: better-auth's sign-out posts
 * one), cookies, security headers (HSTS behind https; pages add their own CSP) and compression.
 */
export const basics = fp(async (app: FastifyInstance, opts: { https: boolean; cookieSecret: string }) => {
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
  // Signed cookies (the anonymous cart's id) use a key derived from the auth secret.
  await app.register(fastifyCookie, { secret: createHmac('sha256', opts.cookieSecret).update('cookie-signing').digest('base64url') })
  // The methods the shop answers. Any other (TRACE, PUT, DELETE, …) is 405 on every route before a
  // handler sees it: tRPC's adapter, which takes every method, answered TRACE with a 500 and an
  // error line in the log.
  app.addHook('onRequest', async (req, reply) => {
    if (allowedMethods.has(req.method)) return
    req.log.info({ method: req.method }, 'method not allowed')
    return reply
      .status(405)
      .header('allow', [...allowedMethods].join(', '))
      .header('cache-control', 'no-store')
      .send({ statusCode: 405, error: STATUS_CODES[405], message: translate(requestLanguage(req), messages.badRequest) })
  })
  await app.register(fastifyHelmet, { contentSecurityPolicy: false, frameguard: { action: 'deny' }, hsts: opts.https ? undefined : false })
  await app.register(fastifyCompress, { threshold: 1024 })
  // Browser features the shop never uses stay off, also for anything embedded (payment happens on
  // Stripe's own page, the map is a plain iframe).
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('permissions-policy', permissionsPolicy)
    // The id the request's log lines carry, for a customer or a client to quote.
    reply.header('x-request-id', req.id)
    // A 503 (the database out of reach, shutting down) says when to try again. tRPC answers with a
    // fetch Response, whose status Fastify applies only after this hook.
    const status = payload instanceof Response ? payload.status : reply.statusCode
    if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', '5')
    // Pages send their own CSP with a nonce (pages.ts). Everything else (the API, errors, files)
    // runs nothing and is framed by nobody; a PDF keeps only the frame rule, so that the browser's
    // own viewer may show it.
    if (!reply.hasHeader('content-security-policy')) {
      const pdf = String(reply.getHeader('content-type') ?? '').startsWith('application/pdf')
      reply.header('content-security-policy', pdf ? "frame-ancestors 'none'" : "default-src 'none'; frame-ancestors 'none'")
    }
  })
})

export const permissionsPolicy = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')
