import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEnv, type Env } from '../../server/env.ts'
import { testPublicUrl } from './constants.ts'
import { stagingCompanyEnv } from './staging-env.ts'

/**
 * The environment of a test app: test mode, a fresh DATA_DIR, silent logs, no load shedding; `overrides` on top. A
 * production-mode app gets the staging company's facts (deploy/staging.env), as production needs.
 */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    ...(overrides.NODE_ENV === 'production' ? stagingCompanyEnv() : {}),
    NODE_ENV: 'test',
    PUBLIC_URL: testPublicUrl,
    BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-data-')),
    LOG_LEVEL: 'silent',
    // Many test apps share one loaded process: a slow moment there is not an overload to shed
    // (tests/system/overload.test.ts turns it on).
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    // Tests read the emails a call sent once it answers: the call waits for them however slow the
    // process is (server/services/jobs.test.ts tests the bounded wait).
    JOB_WAIT_MS: '0',
    ...overrides,
  })
}
