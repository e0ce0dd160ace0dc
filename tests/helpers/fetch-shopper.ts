import { fetchBrowser, type FetchAnswer, type PlainAnswer } from './fetch-browser.ts'

/**
 * One shopper's browser over real HTTP in front of one server process (fetch-browser.ts bound to
 * it): `query` and `mutation` return the procedure's data and throw on a network error (a server
 * that died) or on any refusal, with the status and message; the plain calls return the answer.
 */
export function fetchShopper(baseUrl: string, opts: { forwardedFor: string; language?: 'es' | 'en' }) {
  const browser = fetchBrowser({ publicUrl: baseUrl, ...opts })
  const server = { url: baseUrl }
  const data = <T>(path: string, answer: FetchAnswer<T>): T => {
    if (answer.status >= 300 || answer.error) throw new Error(`${answer.status} ${path}: ${answer.error?.message ?? 'no data'}`)
    return answer.data as T
  }
  return {
    jar: browser.jar,
    get: (path: string): Promise<PlainAnswer> => browser.get(server, path),
    /** A JSON POST to any route, the answer whatever its status (its headers included). */
    post: (path: string, json: unknown): Promise<PlainAnswer> =>
      browser.post(server, path, JSON.stringify(json), { 'content-type': 'application/json' }),
    auth: (path: string, body: Record<string, unknown>): Promise<PlainAnswer> => browser.auth(server, path, body),
    query: async <T>(path: string, input?: unknown): Promise<T> => data(path, await browser.query<T>(server, path, input)),
    mutation: async <T>(path: string, input?: unknown): Promise<T> => data(path, await browser.mutation<T>(server, path, input)),
  }
}
