import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { AppError } from '../errors.ts'
import type { AppLogger } from '../logger.ts'
import { messages } from '../../core/messages.ts'

/**
 * Limits on what an attacker or a runaway client can make the shop do. Counters live in Redis when
 * REDIS_URL is set (shared by every instance), in this process's memory otherwise; if Redis is
 * unreachable, each instance falls back to its own memory rather than letting everything through.
 */
export const limitRules = {
  /** Wrong passwords for one email address, whoever sends them (docs/decisions/008). */
  signInFailuresPerAccount: { points: 5, durationSeconds: 15 * 60 },
  /** Wrong passwords from one client address, whichever accounts they try. */
  signInFailuresPerClient: { points: 20, durationSeconds: 15 * 60 },
  /** Orders and payment sessions started by one client address. */
  checkoutPerClient: { points: 10, durationSeconds: 10 * 60 },
  /** Password reset links asked for by one client address, whichever addresses. */
  passwordResetPerClient: { points: 10, durationSeconds: 15 * 60 },
  /** Password reset links sent to one address, whoever asks. */
  passwordResetPerAccount: { points: 3, durationSeconds: 60 * 60 },
  /** Verification links (a resend, a change of address) asked for by one client address. */
  verificationEmailPerClient: { points: 10, durationSeconds: 15 * 60 },
  /** Verification links asked for by one account (resend and change of address together). */
  verificationEmailPerAccount: { points: 3, durationSeconds: 60 * 60 },
  /** Sign-ups tried from one client address (PRODUCT.md §10: sign-up cannot hide an address). */
  signUpPerClient: { points: 10, durationSeconds: 15 * 60 },
  /** Sign-ups tried with one address, whoever tries (each try on an existing address emails its owner). */
  signUpPerAccount: { points: 3, durationSeconds: 60 * 60 },
  /** Contact messages sent from one client address (docs/product.md#forms). */
  contactPerClient: { points: 5, durationSeconds: 15 * 60 },
  /** Catalogs emailed at the request of one client address. */
  catalogPerClient: { points: 5, durationSeconds: 15 * 60 },
  /** Catalog emails (300 KB each) to one address in a day, whoever asks from wherever (docs/decisions/020). */
  catalogEmailsPerRecipient: { points: 2, durationSeconds: 24 * 60 * 60 },
  /** Wholesale access requests sent from one client address. */
  b2bRequestPerClient: { points: 5, durationSeconds: 15 * 60 },
} as const

export type LimitRule = keyof typeof limitRules

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', messages.tooManyAttempts)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export interface RateLimits {
  readonly store: 'redis' | 'memory'
  /** Resolves true once the shared store answers (at once in memory), false after `timeoutMs`. */
  ready(timeoutMs?: number): Promise<boolean>
  /** Counts one attempt under `rule` for `key`; throws RateLimitedError once over the limit. */
  consume(rule: LimitRule, key: string): Promise<void>
  /** Seconds until `key` may try again under `rule` (0: allowed now), for limits counted after the fact (failures). Counts nothing. */
  blockedFor(rule: LimitRule, key: string): Promise<number>
  /** Forgets the attempts of `key` (a successful sign-in clears that account's failures). */
  reset(rule: LimitRule, key: string): Promise<void>
  /**
   * better-auth's own limiter (its rules per endpoint: `max` requests per `window` seconds, by client
   * address and path), counted in the same store: shared by every instance when REDIS_URL is set.
   */
  consumeWindow(key: string, rule: WindowRule): Promise<{ allowed: boolean; retryAfter: number | null }>
  close(): Promise<void>
}

export interface WindowRule {
  /** Seconds. */
  window: number
  max: number
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

export function createRateLimits(opts: { redisUrl?: string | undefined; log?: AppLogger } = {}): RateLimits {
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false })
    : null
  if (redis && opts.log) {
    const log = opts.log
    let reported = false
    redis.on('error', (error: unknown) => {
      // Reported once per outage; the memory fallback keeps limiting meanwhile.
      if (!reported) log.error({ err: error }, 'Redis for rate limits unreachable: limiting in memory')
      reported = true
    })
    redis.on('ready', () => {
      reported = false
    })
  }

  // A window per rule: sign-in failures are checked before each attempt (blockedFor), so the
  // window itself is the wait; checkouts are refused while the window is full.
  const limiters = new Map<string, RateLimiterAbstract>()
  for (const [rule, { points, durationSeconds }] of Object.entries(limitRules)) {
    const options = { keyPrefix: `shop:limit:${rule}`, points, duration: durationSeconds }
    const memory = new RateLimiterMemory(options)
    limiters.set(rule, redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory)
  }
  // better-auth's rules, made on first use: a handful (sign-in, sign-up, emails sent, the default).
  const windows = new Map<string, RateLimiterAbstract>()
  const windowLimiter = ({ window, max }: WindowRule) => {
    const id = `${window}s${max}`
    let found = windows.get(id)
    if (!found) {
      const options = { keyPrefix: `shop:auth-limit:${id}`, points: max, duration: window }
      const memory = new RateLimiterMemory(options)
      found = redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory
      windows.set(id, found)
    }
    return found
  }
  const limiter = (rule: LimitRule) => {
    const found = limiters.get(rule)
    if (!found) throw new Error(`unknown rate limit ${rule}`)
    return found
  }

  return {
    store: redis ? 'redis' : 'memory',
    async ready(timeoutMs = 2000) {
      if (!redis || redis.status === 'ready') return true
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs)
        redis.once('ready', () => {
          clearTimeout(timer)
          resolve(true)
        })
      })
    },
    async consume(rule, key) {
      try {
        await limiter(rule).consume(key)
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw new RateLimitedError(seconds(rejection.msBeforeNext))
        throw rejection
      }
    },
    async blockedFor(rule, key) {
      const state = await limiter(rule).get(key)
      // The allowance is used up once `points` attempts are counted: the next one waits.
      if (!state || state.consumedPoints < limitRules[rule].points) return 0
      return seconds(state.msBeforeNext)
    },
    async reset(rule, key) {
      await limiter(rule).delete(key)
    },
    async consumeWindow(key, rule) {
      try {
        await windowLimiter(rule).consume(key)
        return { allowed: true, retryAfter: null }
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfter: seconds(rejection.msBeforeNext) }
        throw rejection
      }
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect())
    },
  }
}
