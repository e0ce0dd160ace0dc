import { randomUUID } from 'node:crypto'
import { createConnection } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { createRateLimits, limitRules, RateLimitedError, signInWaitSeconds, type RateLimits } from './rate-limits.ts'
import { silentLog } from '../../tests/helpers/silent-log.ts'

// CI sets TEST_REDIS_URL to its Redis service: there the shared-store test must run, never skip.
const requiredRedis = process.env.TEST_REDIS_URL
const redisUrl = requiredRedis ?? 'redis://127.0.0.1:6379'
const opened: RateLimits[] = []
const limits = (redis?: string) => {
  const created = createRateLimits({ redisUrl: redis, log: silentLog })
  opened.push(created)
  return created
}
afterAll(async () => {
  await Promise.all(opened.map((l) => l.close()))
})

/** Whether a Redis server answers at this URL (CI runs one; a laptop may not). */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) })
    const answer = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(500)
    socket.once('connect', () => answer(true))
    socket.once('error', () => answer(false))
    socket.once('timeout', () => answer(false))
  })
}

async function consumeUntilRefused(l: RateLimits, key: string, max = 50): Promise<number> {
  for (let i = 1; i <= max; i++) {
    try {
      await l.consume('checkoutPerClient', key)
    } catch (error) {
      expect(error).toBeInstanceOf(RateLimitedError)
      expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0)
      return i
    }
  }
  return Infinity
}

describe('rate limits in memory', () => {
  it('refuses the attempt after the allowance, per key', async () => {
    const l = limits()
    expect(l.store).toBe('memory')
    expect(await consumeUntilRefused(l, 'a')).toBe(limitRules.checkoutPerClient.points + 1)
    expect(await consumeUntilRefused(l, 'b')).toBe(limitRules.checkoutPerClient.points + 1)
  })

  it('reports a failure-counted key as waiting once its allowance is used, until reset', async () => {
    const l = limits()
    const { points } = limitRules.signInFailuresPerDevice
    for (let i = 0; i < points - 1; i++) await l.consume('signInFailuresPerDevice', 'device-x')
    expect(await l.blockedFor('signInFailuresPerDevice', 'device-x')).toBe(0)
    await l.consume('signInFailuresPerDevice', 'device-x').catch(() => undefined)
    expect(await l.blockedFor('signInFailuresPerDevice', 'device-x')).toBeGreaterThan(0)
    await l.reset('signInFailuresPerDevice', 'device-x')
    expect(await l.blockedFor('signInFailuresPerDevice', 'device-x')).toBe(0)
  })

  it('makes an address wait longer after each wrong password past the fourth, up to 20 minutes, until reset', async () => {
    expect(Array.from({ length: 13 }, (_, i) => signInWaitSeconds(i))).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 960, 1200, 1200])
    const l = limits()
    const counted = []
    for (let i = 0; i < 6; i++) counted.push(await l.countSignInFailure('y@example.com'))
    expect(counted).toEqual([0, 0, 0, 0, 30, 60])
    expect(await l.signInWait('y@example.com')).toBe(60)
    expect(await l.signInWait('z@example.com')).toBe(0)
    // A completed sign-in or password reset forgives the failures and ends the wait.
    await l.reset('signInFailuresPerAccount', 'y@example.com')
    expect(await l.signInWait('y@example.com')).toBe(0)
    expect(await l.countSignInFailure('y@example.com')).toBe(0)
  })
})

/** better-auth's rule for sign-in and sign-up (3 a client every 10 s), alternating between `instances`. */
async function betterAuthAnswers(instances: RateLimits[], key: string, tries: number) {
  const answers = []
  for (let i = 0; i < tries; i++) answers.push(await instances[i % instances.length]!.consumeWindow(key, { window: 10, max: 3 }))
  return answers
}

describe("better-auth's limiter in memory", () => {
  it("refuses the request after better-auth's allowance, with the seconds to wait, per key and per rule", async () => {
    const l = limits()
    const answers = await betterAuthAnswers([l], '10.0.0.1|/sign-in/email', 4)
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false])
    expect(answers[3]!.retryAfter).toBeGreaterThan(0)
    expect(answers[3]!.retryAfter).toBeLessThanOrEqual(10)
    expect((await l.consumeWindow('10.0.0.2|/sign-in/email', { window: 10, max: 3 })).allowed).toBe(true)
    expect((await l.consumeWindow('10.0.0.1|/sign-in/email', { window: 60, max: 5 })).allowed).toBe(true)
  })

  it('counts in each process alone without Redis (why REDIS_URL matters with several instances)', async () => {
    const answers = await betterAuthAnswers([limits(), limits()], '10.0.0.3|/sign-up/email', 4)
    expect(answers.every((a) => a.allowed)).toBe(true)
  })
})

describe('rate limits in Redis (REDIS_URL)', async () => {
  const reachable = await redisAnswers(redisUrl)
  if (!reachable && !requiredRedis)
    console.warn(`Redis not reachable at ${redisUrl}: the shared-store test is skipped (set TEST_REDIS_URL to require it)`)

  it.skipIf(!reachable && !requiredRedis)('are shared by every instance using the same Redis', async () => {
    const first = limits(redisUrl)
    const second = limits(redisUrl)
    expect(first.store).toBe('redis')
    expect(await first.ready()).toBe(true)
    expect(await second.ready()).toBe(true)
    const key = `client-${randomUUID()}`
    for (let i = 0; i < limitRules.checkoutPerClient.points; i++) await (i % 2 === 0 ? first : second).consume('checkoutPerClient', key)
    await expect(second.consume('checkoutPerClient', key)).rejects.toBeInstanceOf(RateLimitedError)
    await expect(first.consume('checkoutPerClient', key)).rejects.toBeInstanceOf(RateLimitedError)
  })

  it.skipIf(!reachable && !requiredRedis)("count better-auth's limiter once for every instance using the same Redis", async () => {
    const first = limits(redisUrl)
    const second = limits(redisUrl)
    expect(await first.ready()).toBe(true)
    expect(await second.ready()).toBe(true)
    const answers = await betterAuthAnswers([first, second], `10.0.0.4-${randomUUID()}|/sign-in/email`, 4)
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false])
    expect(answers[3]!.retryAfter).toBeGreaterThan(0)
  })

  it.skipIf(!reachable && !requiredRedis)('share an address’s sign-in wait between instances', async () => {
    const first = limits(redisUrl)
    const second = limits(redisUrl)
    expect(await first.ready()).toBe(true)
    expect(await second.ready()).toBe(true)
    const account = `wait-${randomUUID()}@example.com`
    const counted = []
    for (let i = 0; i < 6; i++) counted.push(await (i % 2 === 0 ? first : second).countSignInFailure(account))
    expect(counted).toEqual([0, 0, 0, 0, 30, 60])
    expect(await first.signInWait(account)).toBe(60)
    await second.reset('signInFailuresPerAccount', account)
    expect(await first.signInWait(account)).toBe(0)
  })

  it('keep limiting in memory when Redis cannot be reached', async () => {
    const l = limits('redis://127.0.0.1:1')
    expect(await l.ready(200)).toBe(false)
    const started = Date.now()
    expect(await consumeUntilRefused(l, 'offline')).toBe(limitRules.checkoutPerClient.points + 1)
    expect((await betterAuthAnswers([l], '10.0.0.5|/sign-in/email', 4)).map((a) => a.allowed)).toEqual([true, true, true, false])
    for (let i = 0; i < 4; i++) await l.countSignInFailure('offline@example.com')
    expect(await l.countSignInFailure('offline@example.com')).toBe(30)
    expect(await l.signInWait('offline@example.com')).toBe(30)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
