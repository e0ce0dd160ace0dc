import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local fake of the part of Stripe's HTTP API the shop uses (Checkout Sessions), for tests that
 * drive the real SDK: `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http',
 * maxNetworkRetries: 0, telemetry: false })`. Listens on 127.0.0.1 only, on a free port.
 */

export interface FakeSession {
  id: string
  object: 'checkout.session'
  url: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid' | 'no_payment_required'
  /** Set once the shopper paid (Stripe creates the PaymentIntent then, in payment mode). */
  payment_intent: string | null
  mode: string
  amount_subtotal: number
  amount_total: number
  currency: string | null
  metadata: Record<string, string>
  client_reference_id: string | null
  customer_email: string | null
  locale: string | null
  success_url: string | null
  cancel_url: string | null
  created: number
  expires_at: number
  livemode: false
}

export interface FakeStripeRequest {
  method: string
  /** Path without the query string, e.g. `/v1/checkout/sessions`. */
  path: string
  headers: IncomingHttpHeaders
  /** The form-encoded body as flat bracket keys: `line_items[0][price_data][unit_amount]` → `'1299'`. */
  body: Record<string, string>
}

export interface FakeRefund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  status: 'succeeded'
  reason: string | null
  metadata: Record<string, string>
}

export interface FakeStripe {
  port: number
  requests: FakeStripeRequest[]
  sessions: Map<string, FakeSession>
  /** Refunds made through `POST /v1/refunds`, in order. */
  refunds: FakeRefund[]
  /** The shopper paid: status `complete`, payment_status `paid`. */
  markPaid(id: string): void
  /** The session expired unpaid. */
  expire(id: string): void
  /** Stripe keeps idempotency keys for 24 hours: a retry after that is a new request. */
  forgetIdempotencyKeys(): void
  close(): Promise<void>
}

/** Bounds, so a misbehaving test cannot grow the fake without limit. */
const maxBodyBytes = 256 * 1024
const maxRecordedRequests = 1000
const maxSessions = 1000

interface StripeErrorBody {
  error: { type: string; code?: string; param?: string; message: string }
}

class HttpError extends Error {
  readonly status: number
  readonly body: StripeErrorBody
  constructor(status: number, body: StripeErrorBody) {
    super(body.error.message)
    this.status = status
    this.body = body
  }
}

function invalidRequest(status: number, message: string, extra: { code?: string; param?: string } = {}): HttpError {
  return new HttpError(status, { error: { type: 'invalid_request_error', ...extra, message } })
}

function missingParam(param: string): HttpError {
  return invalidRequest(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param })
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        reject(invalidRequest(413, 'Request body too large.'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function parseInteger(value: string | undefined, param: string): number {
  if (value === undefined) throw missingParam(param)
  if (!/^\d+$/.test(value)) throw invalidRequest(400, `Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param })
  return Number(value)
}

/** `metadata[order_id]=x` → `{ order_id: 'x' }`. */
function prefixed(body: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(body)) {
    const match = key.startsWith(`${prefix}[`) ? /^\[([^\]]+)\]$/.exec(key.slice(prefix.length)) : null
    if (match?.[1] !== undefined) out[match[1]] = value
  }
  return out
}

function createSession(body: Record<string, string>): FakeSession {
  const mode = body.mode
  if (!mode) throw missingParam('mode')
  if (!['payment', 'setup', 'subscription'].includes(mode)) {
    throw invalidRequest(400, `Invalid mode: must be one of payment, setup, or subscription`, { code: 'parameter_invalid', param: 'mode' })
  }
  if (!body.success_url) throw missingParam('success_url')

  let amount = 0
  let currency: string | null = null
  let count = 0
  for (
    let i = 0;
    `line_items[${i}][quantity]` in body || `line_items[${i}][price_data][currency]` in body || `line_items[${i}][price]` in body;
    i++
  ) {
    const at = `line_items[${i}]`
    const quantity = parseInteger(body[`${at}[quantity]`], `${at}[quantity]`)
    if (quantity < 1) throw invalidRequest(400, 'Quantity must be at least 1.', { code: 'parameter_invalid_integer', param: `${at}[quantity]` })
    if (body[`${at}[price]`] !== undefined) {
      throw invalidRequest(400, `No such price: '${body[`${at}[price]`]}'`, { code: 'resource_missing', param: `${at}[price]` })
    }
    const lineCurrency = body[`${at}[price_data][currency]`]
    if (!lineCurrency) throw missingParam(`${at}[price_data][currency]`)
    if (!body[`${at}[price_data][product_data][name]`] && !body[`${at}[price_data][product]`]) {
      throw missingParam(`${at}[price_data][product_data][name]`)
    }
    const unitAmount = parseInteger(body[`${at}[price_data][unit_amount]`], `${at}[price_data][unit_amount]`)
    if (currency !== null && currency !== lineCurrency) {
      throw invalidRequest(400, 'All line items must use the same currency.', { code: 'parameter_invalid', param: `${at}[price_data][currency]` })
    }
    currency = lineCurrency
    amount += unitAmount * quantity
    count++
  }
  if (mode === 'payment' && count === 0) throw missingParam('line_items')

  const id = `cs_test_${randomBytes(24).toString('base64url')}`
  const created = Math.floor(Date.now() / 1000)
  return {
    id,
    object: 'checkout.session',
    url: `https://checkout.stripe.test/c/pay/${id}`,
    status: 'open',
    payment_status: 'unpaid',
    payment_intent: null,
    mode,
    amount_subtotal: amount,
    amount_total: amount,
    currency,
    metadata: prefixed(body, 'metadata'),
    client_reference_id: body.client_reference_id ?? null,
    customer_email: body.customer_email ?? null,
    locale: body.locale ?? null,
    success_url: body.success_url,
    cancel_url: body.cancel_url ?? null,
    created,
    expires_at: created + 24 * 60 * 60,
    livemode: false,
  }
}

function send(res: ServerResponse, status: number, payload: unknown, extraHeaders: Record<string, string> = {}): void {
  const text = JSON.stringify(payload)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_${randomBytes(8).toString('hex')}`,
    ...extraHeaders,
  })
  res.end(text)
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = []
  const sessions = new Map<string, FakeSession>()
  const refunds: FakeRefund[] = []
  /** Idempotency-Key → the raw body it was first used with and the response it got. */
  const idempotent = new Map<string, { rawBody: string; response: unknown }>()

  function find(id: string): FakeSession {
    const session = sessions.get(id)
    if (!session) throw new Error(`fake-stripe: no session ${id}`)
    return session
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    const rawBody = await readBody(req)
    const body = Object.fromEntries(new URLSearchParams(rawBody))
    if (requests.length < maxRecordedRequests) requests.push({ method, path, headers: req.headers, body })

    const auth = req.headers.authorization ?? ''
    if (!/^Bearer sk_(test|live)_\S+$/.test(auth)) {
      throw new HttpError(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      })
    }

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const key = req.headers['idempotency-key']
      const idempotencyKey = typeof key === 'string' && key !== '' ? key : null
      if (idempotencyKey !== null) {
        const previous = idempotent.get(idempotencyKey)
        if (previous) {
          if (previous.rawBody !== rawBody) {
            throw new HttpError(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              },
            })
          }
          // Stripe replays the original response, not the session's current state.
          send(res, 200, previous.response, { 'idempotent-replayed': 'true' })
          return
        }
      }
      if (sessions.size >= maxSessions) throw invalidRequest(429, 'fake-stripe: too many sessions')
      const session = createSession(body)
      sessions.set(session.id, session)
      if (idempotencyKey !== null) idempotent.set(idempotencyKey, { rawBody, response: structuredClone(session) })
      send(res, 200, session)
      return
    }

    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)
    if (method === 'POST' && expire?.[1] !== undefined) {
      const id = decodeURIComponent(expire[1])
      const session = sessions.get(id)
      if (!session) throw invalidRequest(404, `No such checkout.session: '${id}'`, { code: 'resource_missing', param: 'session' })
      if (session.status !== 'open') {
        throw invalidRequest(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        )
      }
      session.status = 'expired'
      send(res, 200, session)
      return
    }

    if (method === 'POST' && path === '/v1/refunds') {
      const key = req.headers['idempotency-key']
      const idempotencyKey = typeof key === 'string' && key !== '' ? `refunds:${key}` : null
      const previous = idempotencyKey === null ? undefined : idempotent.get(idempotencyKey)
      if (previous) {
        send(res, 200, previous.response, { 'idempotent-replayed': 'true' })
        return
      }
      const paymentIntent = body.payment_intent
      if (!paymentIntent) throw missingParam('payment_intent')
      const paid = [...sessions.values()].find((session) => session.payment_intent === paymentIntent)
      if (!paid) throw invalidRequest(404, `No such payment_intent: '${paymentIntent}'`, { code: 'resource_missing', param: 'payment_intent' })
      // Like Stripe: refunds in parts up to what was paid; asking past it is refused.
      const given = refunds.filter((refund) => refund.payment_intent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0)
      const left = paid.amount_total - given
      if (left <= 0) {
        throw invalidRequest(400, `Charge for PaymentIntent ${paymentIntent} has already been refunded.`, { code: 'charge_already_refunded' })
      }
      const amount = body.amount === undefined ? left : Number(body.amount)
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        throw invalidRequest(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
          code: 'amount_too_large',
          param: 'amount',
        })
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: paid.currency ?? 'eur',
        payment_intent: paymentIntent,
        status: 'succeeded',
        reason: body.reason ?? null,
        metadata: prefixed(body, 'metadata'),
      }
      refunds.push(refund)
      if (idempotencyKey !== null) idempotent.set(idempotencyKey, { rawBody, response: structuredClone(refund) })
      send(res, 200, refund)
      return
    }

    if (method === 'GET' && path === '/v1/refunds') {
      const paymentIntent = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('payment_intent')
      const data = refunds.filter((refund) => paymentIntent === null || refund.payment_intent === paymentIntent).reverse()
      send(res, 200, { object: 'list', url: '/v1/refunds', has_more: false, data })
      return
    }

    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
    if (method === 'GET' && retrieve?.[1] !== undefined) {
      const id = decodeURIComponent(retrieve[1])
      const session = sessions.get(id)
      if (!session) {
        throw invalidRequest(404, `No such checkout.session: '${id}'`, { code: 'resource_missing', param: 'session' })
      }
      send(res, 200, session)
      return
    }

    throw invalidRequest(404, `Unrecognized request URL (${method}: ${path}).`)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy()
        return
      }
      if (error instanceof HttpError) send(res, error.status, error.body, { connection: 'close' })
      else send(res, 500, { error: { type: 'api_error', message: String(error) } }, { connection: 'close' })
    })
  })
  server.requestTimeout = 10_000
  server.headersTimeout = 5_000
  server.keepAliveTimeout = 1_000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo

  return {
    port,
    requests,
    sessions,
    refunds,
    forgetIdempotencyKeys() {
      idempotent.clear()
    },
    markPaid(id) {
      const session = find(id)
      session.status = 'complete'
      session.payment_status = 'paid'
      session.payment_intent = `pi_${randomBytes(12).toString('hex')}`
    },
    expire(id) {
      const session = find(id)
      session.status = 'expired'
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
    },
  }
}

/** SDK options that point a real `Stripe` client at the fake. */
export function fakeStripeClientOptions(port: number): Stripe.StripeConfig {
  return { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, telemetry: false }
}

/** A webhook delivery signed the way Stripe signs it, with the SDK's own test helper. */
export function signedWebhook(payload: object, secret: string): { body: string; signature: string } {
  const body = JSON.stringify(payload)
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret })
  return { body, signature }
}
