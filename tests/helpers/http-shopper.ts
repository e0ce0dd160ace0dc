import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { testPublicUrl } from './constants.ts'

export interface TrpcAnswer<T> {
  status: number
  data: T | null
  error: {
    message: string
    /** The request's id, and after a failure of ours (5xx) what to do next (server/trpc.ts). */
    data: { code: string; httpStatus: number; requestId?: string | null; nextStep?: string | null }
  } | null
  res: LightMyRequestResponse
}

/**
 * One shopper's browser over Fastify's inject: keeps its cookies, sends same-origin requests from
 * its own client address (`ip`) in its own language.
 */
export function httpShopper(app: FastifyInstance, opts: { ip?: string; language?: 'es' | 'en'; headers?: Record<string, string> } = {}) {
  const jar = new Map<string, string>([['lang', opts.language ?? 'es']])
  const remoteAddress = opts.ip ?? '127.0.0.1'
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const remember = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) jar.delete(c.name)
      else jar.set(c.name, c.value)
    }
    return res
  }
  const answer = <T>(res: LightMyRequestResponse): TrpcAnswer<T> => {
    const body = res.json<{ result?: { data: T }; error?: TrpcAnswer<T>['error'] }>()
    return { status: res.statusCode, data: body.result?.data ?? null, error: body.error ?? null, res }
  }
  return {
    jar,
    async query<T>(path: string, input?: unknown, headers: Record<string, string> = {}): Promise<TrpcAnswer<T>> {
      const url = `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
      return answer<T>(remember(await app.inject({ method: 'GET', url, remoteAddress, headers: { ...opts.headers, cookie: cookie(), ...headers } })))
    },
    async mutation<T>(path: string, input?: unknown, headers: Record<string, string> = {}): Promise<TrpcAnswer<T>> {
      const res = await app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        remoteAddress,
        headers: { 'content-type': 'application/json', origin: testPublicUrl, ...opts.headers, cookie: cookie(), ...headers },
        ...(input === undefined ? {} : { payload: JSON.stringify(input) }),
      })
      return answer<T>(remember(res))
    },
    /** A same-origin POST to better-auth (`sign-in/email`, `change-password`, …), keeping its cookies. */
    async auth(path: string, payload: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
      return remember(
        await app.inject({
          method: 'POST',
          url: `/api/auth/${path}`,
          remoteAddress,
          headers: { 'content-type': 'application/json', origin: testPublicUrl, ...opts.headers, cookie: cookie(), ...headers },
          payload,
        }),
      )
    },
    /** A GET to better-auth (`get-session`, an emailed `verify-email` link's path and query). */
    async authGet(pathAndQuery: string) {
      return remember(
        await app.inject({ method: 'GET', url: `/api/auth/${pathAndQuery}`, remoteAddress, headers: { ...opts.headers, cookie: cookie() } }),
      )
    },
  }
}

export type HttpShopper = ReturnType<typeof httpShopper>

/** Shipping details that pass the checkout's rules. */
export const testShipping = {
  full_name: 'Lucía Pérez',
  email: 'lucia@example.com',
  phone: '+34 600 111 222',
  address_line1: 'Calle Mayor 12',
  address_line2: '',
  city: 'Torrevieja',
  state: 'Alicante',
  postal_code: '03181',
  country: 'España',
}

/** The seeded catalog's product ids by slug, as a visitor's `catalog.products` lists them. */
export async function productIds(app: FastifyInstance): Promise<Map<string, string>> {
  const res = await app.inject({ method: 'GET', url: '/trpc/catalog.products' })
  return new Map(res.json<{ result: { data: Array<{ slug: string; id: string }> } }>().result.data.map((p) => [p.slug, p.id]))
}
