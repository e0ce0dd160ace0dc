/**
 * A shopper's browser over real HTTP (a server running as a process): keeps its cookies, sends
 * same-origin tRPC calls, and comes from its own client address through `X-Forwarded-For` (the
 * server trusting 127.0.0.1 as its proxy). Throws on a network error (a server that died) and on
 * any answer that is not 2xx, with the status and body.
 */
export function fetchShopper(baseUrl: string, opts: { forwardedFor?: string; language?: 'es' | 'en' } = {}) {
  const jar = new Map<string, string>([['lang', opts.language ?? 'es']])
  const headers = () => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    origin: baseUrl,
    ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
  })
  async function call<T>(res: Response): Promise<T> {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (value === '' || expired) jar.delete(name)
      else jar.set(name, value)
    }
    const text = await res.text()
    if (!res.ok) throw new Error(`${res.status} ${res.url}: ${text.slice(0, 300)}`)
    return (JSON.parse(text) as { result: { data: T } }).result.data
  }
  return {
    jar,
    async query<T>(path: string, input?: unknown): Promise<T> {
      const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
      return call<T>(await fetch(`${baseUrl}/trpc/${path}${search}`, { headers: headers() }))
    },
    async mutation<T>(path: string, input?: unknown): Promise<T> {
      return call<T>(
        await fetch(`${baseUrl}/trpc/${path}`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json' },
          body: JSON.stringify(input ?? null),
        }),
      )
    },
  }
}
