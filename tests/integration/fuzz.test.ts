import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appRouter } from '../../server/router.ts'
import { createTestApp, testPublicUrl, type TestApp } from '../helpers/app.ts'
import { shopperAs, type SignedInShopper } from '../helpers/accounts.ts'
import type { Kind } from '../helpers/users.ts'

// Every tRPC procedure, for every role, fed random and malformed requests over HTTP. The list comes
// from the router itself, so a new procedure is fuzzed without anyone adding it. Whatever arrives:
// never a 5xx, never a stack trace or a server path in the answer, and a refused call changes
// nothing in the database. FUZZ_RUNS raises the runs per procedure and role (a longer run:
// FUZZ_RUNS=200 npx vitest run tests/integration/fuzz.test.ts).

const runs = Number(process.env.FUZZ_RUNS ?? 6)
const kinds: Kind[] = ['anonymous', 'customer', 'b2b', 'admin']

// `_def.procedures` is flat at run time (`'admin.orders.list' → procedure`); its type is nested.
const isProcedure = (value: unknown): value is { _def: { type: 'query' | 'mutation' | 'subscription' } } =>
  typeof value === 'function' && '_def' in value
const procedures = Object.entries(appRouter._def.procedures).flatMap(([path, procedure]: [string, unknown]) =>
  isProcedure(procedure) && procedure._def.type !== 'subscription' ? [{ path, type: procedure._def.type }] : [],
)

/** Strings that have broken servers: huge, control characters, SQL and path tricks, lone surrogates. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    "'; drop table orders; --",
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\ud800',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '9'.repeat(400),
    '-1',
    'NaN',
    '1e309',
    '00000000-0000-4000-8000-000000000000',
    '2026-02-30',
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
)

/** Any value at all, and values shaped like the shop's inputs (ids, slugs, pages, quantities…) with wrong or odd contents. */
const leaf = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e21),
)
const shaped = fc.record(
  {
    id: leaf,
    itemId: leaf,
    productId: leaf,
    userId: leaf,
    slug: leaf,
    categorySlug: leaf,
    quantity: leaf,
    page: leaf,
    search: leaf,
    status: leaf,
    language: leaf,
    email: leaf,
    name: leaf,
    values: fc.oneof(leaf, fc.dictionary(fc.string({ maxLength: 12 }), leaf, { maxKeys: 6 })),
    shipping: fc.oneof(leaf, fc.dictionary(fc.string({ maxLength: 12 }), leaf, { maxKeys: 6 })),
  },
  { requiredKeys: [] },
)
const input = fc.oneof(fc.jsonValue({ maxDepth: 4 }), shaped, leaf)

/** Requests no client of the shop sends: broken JSON, wrong methods and content types, odd batches. */
const malformed: Array<{
  what: string
  request: (path: string) => { method: string; url: string; headers?: Record<string, string>; payload?: string }
}> = [
  {
    what: 'invalid JSON body',
    request: (path) => ({ method: 'POST', url: `/trpc/${path}`, headers: { 'content-type': 'application/json' }, payload: '{"id":' }),
  },
  { what: 'invalid JSON input in the query', request: (path) => ({ method: 'GET', url: `/trpc/${path}?input=%7B%22id%22%3A` }) },
  { what: 'a text body', request: (path) => ({ method: 'POST', url: `/trpc/${path}`, headers: { 'content-type': 'text/plain' }, payload: 'hello' }) },
  {
    what: 'a form body',
    request: (path) => ({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=1&x=%ZZ',
    }),
  },
  { what: 'PUT', request: (path) => ({ method: 'PUT', url: `/trpc/${path}`, headers: { 'content-type': 'application/json' }, payload: '{}' }) },
  { what: 'DELETE', request: (path) => ({ method: 'DELETE', url: `/trpc/${path}` }) },
  { what: 'the other method', request: (path) => ({ method: 'GET', url: `/trpc/${path}?input=%7B%7D` }) },
  { what: 'a broken batch', request: (path) => ({ method: 'GET', url: `/trpc/${path},${path}?batch=1&input=%5B1%2C2%5D` }) },
  {
    what: 'a body of 2 MB',
    request: (path) => ({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'x'.repeat(2_000_000) }),
    }),
  },
]

/** What must never reach a client: a stack frame, a source path, a database error's text. */
const leaks = [
  /\n\s+at .+:\d+:\d+/,
  /node:internal/,
  /\/server\/[\w/-]+\.ts/,
  /node_modules/,
  /"stack"\s*:/,
  /syntax error at or near/i,
  /violates .* constraint/i,
]

function expectHealthy(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500)
  for (const leak of leaks) expect(res.body, `${what} leaked ${leak}`).not.toMatch(leak)
}

/**
 * Every table's rows as one digest per table, except what any request may touch (the session's
 * last use, the rate limiter's counters): a refused call must leave all of them as they were.
 */
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = await t.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )
  const skip = new Set(['session', 'rate_limit', 'rateLimit', '__drizzle_migrations'])
  const digests: Record<string, string> = {}
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    if (skip.has(name)) continue
    const [row] = rowsOf<{ digest: string | null }>(
      await t.database.db.execute<{ digest: string | null }>(
        sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from ${sql.identifier(name)} r`,
      ),
    )
    digests[name] = row?.digest ?? ''
  }
  return digests
}

/** postgres-js returns the rows; PGlite returns `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])
}

let t: TestApp
const callers = new Map<Kind, SignedInShopper>()
beforeAll(async () => {
  t = await createTestApp()
  for (const kind of kinds) callers.set(kind, await shopperAs(t, kind))
})
afterAll(async () => {
  await t.app.close()
})

describe('fuzzing every procedure over HTTP', () => {
  it('lists the router’s procedures (a new one is fuzzed by itself)', () => {
    expect(procedures.length).toBeGreaterThan(40)
    expect(procedures.map((p) => p.path)).toContain('admin.orders.refund')
  })

  describe.each(procedures)('$path', ({ path, type }) => {
    it.each(kinds)(
      'as %s: random input never answers 5xx or leaks, and a refused call changes nothing',
      async (kind) => {
        const { shopper } = callers.get(kind)!
        const before = await fingerprint(t)
        let changedSomething = false
        await fc.assert(
          fc.asyncProperty(input, async (value) => {
            const answer = type === 'query' ? await shopper.query(path, value) : await shopper.mutation(path, value)
            expectHealthy(answer.res, `${kind} ${path}(${JSON.stringify(value)?.slice(0, 120)})`)
            if (answer.status < 400) changedSomething = true
          }),
          { numRuns: runs, endOnFailure: true },
        )
        for (const { what, request } of malformed) {
          const res = await t.app.inject({
            ...request(path),
            remoteAddress: '10.77.0.1',
            headers: { origin: testPublicUrl, cookie: [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; '), ...request(path).headers },
          })
          expectHealthy(res, `${kind} ${path}: ${what}`)
          if (res.statusCode < 400) changedSomething = true
        }
        // A call the shop accepted may change things (an item added to a cart); only refusals are held to nothing.
        if (!changedSomething) expect(await fingerprint(t)).toEqual(before)
      },
      120_000,
    )
  })
})
