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
  /**
   * Wrong passwords for one email address (known or not), whoever sends them, over a day: the first
   * `points` cost nothing, each one after makes the address wait (signInWaitSeconds). Counted and
   * checked through countSignInFailure and signInWait, never a hard lock (docs/decisions/008).
   */
  signInFailuresPerAccount: { points: 4, durationSeconds: 24 * 60 * 60 },
  /** The wait an address is in after its last wrong password, at most `durationSeconds` (set by countSignInFailure). */
  signInWaitPerAccount: { points: 1, durationSeconds: 20 * 60 },
  /** Wrong passwords from a browser holding the account's device cookie: past them the cookie waives nothing (docs/decisions/008). */
  signInFailuresPerDevice: { points: 5, durationSeconds: 15 * 60 },
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
  /** Sign-ups tried from one client address (docs/product.md#accounts: sign-up cannot hide an address). */
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
  /** Wrong passwords and codes typed into a signed-in session's changes (the address), per account (docs/decisions/021). */
  secretChecksPerAccount: { points: 5, durationSeconds: 15 * 60 },
} as const

export type LimitRule = keyof typeof limitRules

/**
 * The wait after an address's n-th wrong password of the day: none for the first 4, then 30 s
 * doubling up to 20 minutes (30 s, 1, 2, 4, 8, 16, 20, 20… min), so a guesser gets about 80 tries a
 * day per account, under NIST SP 800-63B's 100, and the owner is never locked out (docs/decisions/008).
 */
export function signInWaitSeconds(failures: number): number {
  const free = limitRules.signInFailuresPerAccount.points
  if (failures <= free) return 0
  return Math.min(limitRules.signInWaitPerAccount.durationSeconds, 30 * 2 ** (failures - free - 1))
}

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
  /** Forgets the attempts of `key` (a successful sign-in clears that account's failures, and with them its wait). */
  reset(rule: LimitRule, key: string): Promise<void>
  /** Seconds before a password for this address is checked again (0: now). Counts nothing. */
  signInWait(account: string): Promise<number>
  /** Counts a wrong password for this address and starts the wait it earns; that wait in seconds. */
  countSignInFailure(account: string): Promise<number>
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

  // A window per rule: failures are counted after the fact and checked before the next attempt
  // (blockedFor); an address's sign-in wait is its key blocked for as long as its failures earned;
  // checkouts are refused while the window is full.
  /** In Redis with this process's memory as its fallback, or in memory alone without REDIS_URL. */
  const storedLimiter = (options: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract => {
    const memory = new RateLimiterMemory(options)
    return redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory
  }
  const limiters = new Map<string, RateLimiterAbstract>()
  for (const [rule, { points, durationSeconds }] of Object.entries(limitRules)) {
    limiters.set(rule, storedLimiter({ keyPrefix: `shop:limit:${rule}`, points, duration: durationSeconds }))
  }
  // better-auth's rules, made on first use: a handful (sign-in, sign-up, emails sent, the default).
  const windows = new Map<string, RateLimiterAbstract>()
  const windowLimiter = ({ window, max }: WindowRule) => {
    const id = `${window}s${max}`
    let found = windows.get(id)
    if (!found) {
      found = storedLimiter({ keyPrefix: `shop:auth-limit:${id}`, points: max, duration: window })
      windows.set(id, found)
    }
    return found
  }
  const limiter = (rule: LimitRule) => {
    const found = limiters.get(rule)
    if (!found) throw new Error(`unknown rate limit ${rule}`)
    return found
  }

  const blockedFor = async (rule: LimitRule, key: string) => {
    const state = await limiter(rule).get(key)
    // The allowance is used up once `points` attempts are counted: the next one waits.
    if (!state || state.consumedPoints < limitRules[rule].points) return 0
    return seconds(state.msBeforeNext)
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
    blockedFor,
    async reset(rule, key) {
      await limiter(rule).delete(key)
      if (rule === 'signInFailuresPerAccount') await limiter('signInWaitPerAccount').delete(key)
    },
    signInWait: (account) => blockedFor('signInWaitPerAccount', account),
    async countSignInFailure(account) {
      const counted = await limiter('signInFailuresPerAccount').penalty(account)
      const wait = signInWaitSeconds(counted.consumedPoints)
      if (wait > 0) await limiter('signInWaitPerAccount').block(account, wait)
      return wait
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
