/**
 * One visitor's browser over real HTTP in front of several instances of the shop, as a load
 * balancer spreads its requests: one cookie jar whichever instance answers, every request
 * same-origin for the shop's one public address, from the visitor's own client address through
 * `X-Forwarded-For` (the instances trust 127.0.0.1 as their proxy). Answers come back whatever their
 * status, for tests that expect refusals (unlike fetch-shopper, which throws on them).
 */

/** Where a request goes: an instance's own address (a ServerProcess). */
export interface Instance {
  readonly url: string
}

export interface FetchAnswer<T> {
  status: number
  headers: Headers
  data: T | null
  error: { message: string; data: { code: string; httpStatus: number } } | null
}

export interface PlainAnswer {
  status: number
  headers: Headers
  text: string
}

export function fetchBrowser(opts: { publicUrl: string; forwardedFor: string; language?: 'es' | 'en' }) {
  const jar = new Map<string, string>([['lang', opts.language ?? 'es']])
  const origin = new URL(opts.publicUrl).origin

  async function send(to: Instance, path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${to.url}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': opts.forwardedFor,
        ...(init.method && init.method !== 'GET' ? { origin } : {}),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: init.body }),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name)
      else jar.set(name, value)
    }
    return { status: res.status, headers: res.headers, text: await res.text() }
  }

  function trpcAnswer<T>(answer: PlainAnswer): FetchAnswer<T> {
    const body = JSON.parse(answer.text) as { result?: { data: T }; error?: FetchAnswer<T>['error'] }
    return { status: answer.status, headers: answer.headers, data: body.result?.data ?? null, error: body.error ?? null }
  }

  return {
    jar,
    /** A page, a file or any GET. */
    get: (to: Instance, path: string): Promise<PlainAnswer> => send(to, path),
    /** A same-origin POST with a body as given (a multipart upload, a webhook). */
    post: (to: Instance, path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<PlainAnswer> =>
      send(to, path, { method: 'POST', body, headers }),
    async query<T>(to: Instance, path: string, input?: unknown): Promise<FetchAnswer<T>> {
      const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
      return trpcAnswer<T>(await send(to, `/trpc/${path}${search}`))
    },
    async mutation<T>(to: Instance, path: string, input?: unknown): Promise<FetchAnswer<T>> {
      return trpcAnswer<T>(
        await send(to, `/trpc/${path}`, { method: 'POST', body: JSON.stringify(input ?? null), headers: { 'content-type': 'application/json' } }),
      )
    },
    /** A same-origin POST to better-auth (`sign-up/email`, `sign-in/email`, `sign-out`). */
    auth: (to: Instance, path: string, body: Record<string, unknown> = {}): Promise<PlainAnswer> =>
      send(to, `/api/auth/${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  }
}

export type FetchBrowser = ReturnType<typeof fetchBrowser>
