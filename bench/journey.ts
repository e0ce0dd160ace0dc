import { randomUUID } from 'node:crypto'
import type { Latencies } from './latency.ts'
import { testShipping } from '../tests/helpers/http-shopper.ts'

// One virtual shopper's journey over real HTTP, as the browser makes it (tests/e2e/checkout.e2e.ts):
// home → category → product pages, cart.add, the checkout page and checkout.create, the test
// payment page and its Pay button (testPayments.pay), the return page and checkout.confirm.
// Every answer is checked; the first wrong one ends the journey with a JourneyError.

export type Language = 'es' | 'en'
export type ShopperKind = 'guest' | 'customer' | 'b2b'

export interface Product {
  id: string
  slug: string
  categorySlug: string
  name: Record<Language, string>
  priceRetailCents: number
  priceWholesaleCents: number
}

/** The steps, in journey order; `page` steps are full page loads (the benchmark's "p99 of a page"). */
export const steps = [
  { name: 'home', page: true },
  { name: 'category', page: true },
  { name: 'product', page: true },
  { name: 'add to cart', page: false },
  { name: 'checkout page', page: true },
  { name: 'checkout start', page: false },
  { name: 'payment page', page: true },
  { name: 'pay', page: false },
  { name: 'return page', page: true },
  { name: 'order paid', page: false },
] as const
export type StepName = (typeof steps)[number]['name']

export class JourneyError extends Error {
  override name = 'JourneyError'
  readonly step: string
  readonly reason: string
  constructor(step: string, reason: string) {
    super(`${step}: ${reason}`)
    this.step = step
    this.reason = reason
  }
}

/** The deadline passed between two steps: the journey stops there, neither completed nor failed. */
export class TimeUp extends Error {
  override name = 'TimeUp'
}

export interface Target {
  /** The instances' base URLs; requests go round-robin, as behind a load balancer. */
  instances: readonly string[]
  /** The shop's PUBLIC_URL (the Origin a same-origin request carries). */
  publicUrl: string
  timeoutMs: number
}

let nextInstance = 0

/**
 * A browser: its cookies, its language, its client address (X-Forwarded-For, the server trusting
 * 127.0.0.1 as its proxy). Answers that are not 200 (redirects included) throw a JourneyError.
 */
export class Browser {
  readonly jar = new Map<string, string>()
  readonly target: Target
  address: string
  readonly language: Language

  constructor(target: Target, opts: { address: string; language: Language }) {
    this.target = target
    this.address = opts.address
    this.language = opts.language
    this.jar.set('lang', opts.language)
  }

  #headers(extra: Record<string, string>): Record<string, string> {
    return { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-forwarded-for': this.address, ...extra }
  }

  #remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (value === '' || expired) this.jar.delete(name)
      else this.jar.set(name, value)
    }
  }

  async #send(step: string, path: string, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<string> {
    const instances = this.target.instances
    const base = instances[nextInstance++ % instances.length] ?? ''
    let res: Response
    let text: string
    try {
      res = await fetch(`${base}${path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.target.timeoutMs) })
      text = await res.text()
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
      const reason =
        cause instanceof Error ? (cause.name === 'TimeoutError' ? `no answer in ${this.target.timeoutMs} ms` : cause.message) : String(cause)
      throw new JourneyError(step, reason)
    }
    this.#remember(res)
    if (res.status !== 200) throw new JourneyError(step, `${res.status} ${trpcCode(text) ?? text.slice(0, 200)}`.trim())
    return text
  }

  /** A page load (the HTML only: scripts and styles are immutable files a browser keeps). */
  async page(step: string, path: string): Promise<string> {
    const html = await this.#send(step, path, { method: 'GET', headers: this.#headers({ accept: 'text/html' }) })
    if (!html.trimEnd().endsWith('</html>')) throw new JourneyError(step, 'not a whole HTML page')
    return html
  }

  /** A same-origin tRPC mutation; resolves with its `result.data`. */
  async mutation(step: string, procedure: string, input: unknown): Promise<unknown> {
    const text = await this.#send(step, `/trpc/${procedure}`, {
      method: 'POST',
      headers: this.#headers({ origin: this.target.publicUrl, 'content-type': 'application/json' }),
      body: JSON.stringify(input),
    })
    return resultData(step, text)
  }

  /** A same-origin POST to better-auth (`sign-in/email`, `sign-up/email`). */
  async auth(step: string, path: string, body: Record<string, string>): Promise<void> {
    await this.#send(step, `/api/auth/${path}`, {
      method: 'POST',
      headers: this.#headers({ origin: this.target.publicUrl, 'content-type': 'application/json' }),
      body: JSON.stringify(body),
    })
  }
}

function trpcCode(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text)
    return isRecord(body) && isRecord(body.error) && isRecord(body.error.data) && typeof body.error.data.code === 'string'
      ? body.error.data.code
      : null
  } catch {
    return null
  }
}

function resultData(step: string, text: string): unknown {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new JourneyError(step, 'not JSON')
  }
  if (!isRecord(body) || !isRecord(body.result) || !('data' in body.result)) throw new JourneyError(step, 'no tRPC result')
  return body.result.data
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function field<T>(step: string, value: unknown, key: string, is: (v: unknown) => v is T): T {
  const found = isRecord(value) ? value[key] : undefined
  if (!is(found)) throw new JourneyError(step, `no ${key} in the answer`)
  return found
}
const isString = (v: unknown): v is string => typeof v === 'string'
const isNumber = (v: unknown): v is number => typeof v === 'number'
const isArray = (v: unknown): v is unknown[] => Array.isArray(v)

const prefix = (language: Language) => (language === 'en' ? '/en' : '')

export interface JourneyContext {
  browser: Browser
  kind: ShopperKind
  product: Product
  quantity: number
  /** The shipping form's email: the account's for a signed-in shopper. */
  email: string
  latencies: Latencies
  /** The shopper's think time before each step (reading the page, filling the form). */
  pause: () => Promise<void>
  /** Performance-clock time after which no new step starts. */
  until: number
}

/** One journey, from the home page to a paid order. Throws JourneyError on a wrong answer, TimeUp at the deadline. */
export async function journey(ctx: JourneyContext): Promise<void> {
  const { browser, product } = ctx
  const lang = prefix(browser.language)
  const timed = async <T>(step: StepName, work: () => Promise<T>): Promise<T> => {
    await ctx.pause()
    const started = performance.now()
    if (started >= ctx.until) throw new TimeUp()
    const result = await work()
    ctx.latencies.record(step, performance.now() - started)
    return result
  }

  const home = await timed('home', () => browser.page('home', `${lang}/`))
  if (!home.includes(`${lang}/category/${product.categorySlug}"`)) throw new JourneyError('home', `no link to category ${product.categorySlug}`)
  const category = await timed('category', () => browser.page('category', `${lang}/category/${product.categorySlug}`))
  if (!category.includes(`${lang}/product/${product.slug}"`)) throw new JourneyError('category', `no link to ${product.slug}`)
  const page = await timed('product', () => browser.page('product', `${lang}/product/${product.slug}`))
  if (!page.includes(product.name[browser.language])) throw new JourneyError('product', `no "${product.name[browser.language]}"`)

  // The cart answers with every line priced for the caller's role: wholesale for B2B.
  const cart = await timed('add to cart', () => browser.mutation('add to cart', 'cart.add', { productId: product.id, quantity: ctx.quantity }))
  const line = field('add to cart', cart, 'items', isArray).find((item) => isRecord(item) && item.productId === product.id)
  const expected = ctx.kind === 'b2b' ? product.priceWholesaleCents : product.priceRetailCents
  const unit = field('add to cart', line, 'unitPriceCents', isNumber)
  if (unit !== expected) throw new JourneyError('add to cart', `${ctx.kind} unit price ${unit}, not ${expected}`)
  if (field('add to cart', line, 'quantity', isNumber) < ctx.quantity) throw new JourneyError('add to cart', 'quantity not in the cart')
  const subtotal = field('add to cart', cart, 'subtotalCents', isNumber)

  await timed('checkout page', () => browser.page('checkout page', `${lang}/checkout`))
  const shipping = { ...testShipping, email: ctx.email }
  const step = await timed('checkout start', () => browser.mutation('checkout start', 'checkout.create', { shipping, checkoutKey: randomUUID() }))
  const paymentUrl = field('checkout start', step, 'paymentUrl', isString)
  const orderId = field('checkout start', step, 'orderId', isString)
  const orderNumber = field('checkout start', step, 'orderNumber', isString)
  const payment = new URL(paymentUrl)
  const sessionId = decodeURIComponent(payment.pathname.split('/').at(-1) ?? '')
  if (!payment.pathname.includes('/test-payment/') || !sessionId) throw new JourneyError('checkout start', `payment URL ${payment.pathname}`)

  const paymentPage = await timed('payment page', () => browser.page('payment page', payment.pathname))
  if (!paymentPage.includes(orderNumber)) throw new JourneyError('payment page', 'no order number')
  const paid = await timed('pay', () => browser.mutation('pay', 'testPayments.pay', { sessionId }))
  const back = new URL(field('pay', paid, 'redirectUrl', isString))
  if (back.searchParams.get('order_id') !== orderId || back.searchParams.get('session_id') !== sessionId) {
    throw new JourneyError('pay', `return URL ${back.pathname}${back.search}`)
  }

  await timed('return page', () => browser.page('return page', `${back.pathname}${back.search}`))
  const order = await timed('order paid', () => browser.mutation('order paid', 'checkout.confirm', { orderId, sessionId }))
  const paymentStatus = field('order paid', order, 'paymentStatus', isString)
  if (paymentStatus !== 'paid') throw new JourneyError('order paid', `payment ${paymentStatus}`)
  const total = field('order paid', order, 'totalCents', isNumber)
  if (total !== subtotal) throw new JourneyError('order paid', `total ${total}, cart ${subtotal}`)
}
