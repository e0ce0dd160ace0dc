import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { defaultDistDir } from '../../server/app.ts'

// Under overload (docs/product.md#limits) the shop sheds requests with 503 and Retry-After instead
// of queueing them without bound, says so in the visitor's language, keeps answering its liveness
// probe, and serves again once the lag is gone. The overload is the event loop kept busy for over a
// second.

let t: TestApp
beforeAll(async () => {
  // With the client build: its files are served beside the pages.
  t = await createTestApp({ pages: true, env: { OVERLOAD_EVENT_LOOP_DELAY_MS: '20' } })
})
afterAll(async () => {
  await t.app.close()
})

/** A built file of each kind a served page goes on to load: its CSS, a font, a picture. */
function builtFiles(): string[] {
  const files = readdirSync(join(defaultDistDir, 'client', 'assets'))
  const first = (pattern: RegExp) => files.find((name) => pattern.test(name))
  return [first(/\.css$/), first(/\.woff2$/), first(/\.webp$/), first(/\.js$/)].map((name) => `/assets/${name!}`).concat('/favicon.svg')
}

/** The event loop busy in 50 ms slices for `ms`: every tick late, as under a flood of requests. */
async function overloadFor(ms: number) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    const slice = Date.now() + 50
    while (Date.now() < slice) {
      // busy
    }
    await yieldToLoop()
  }
}

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, keeps /healthz alive, and serves again after', async () => {
    const products = () => t.app.inject({ method: 'GET', url: '/trpc/catalog.products', headers: { cookie: 'lang=en' } })
    expect((await products()).statusCode).toBe(200)

    await overloadFor(2200)
    const shed = await products()
    expect(shed.statusCode).toBe(503)
    expect(shed.headers['retry-after']).toBe('5')
    expect(shed.json<{ message: string }>().message).toMatch(/briefly unavailable/)
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    // A page is expensive and shed too; the files of a page already served are not (docs/decisions/020):
    // shedding its CSS or fonts would leave an unstyled page and save nothing.
    expect((await t.app.inject({ method: 'GET', url: '/en/shop' })).statusCode).toBe(503)
    for (const url of builtFiles()) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200)

    // Idle again: the next samples see no lag.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect((await products()).statusCode).toBe(200)
  }, 20_000)
})
