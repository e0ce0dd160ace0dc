import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import type { DatabaseHandle } from '../../server/db/client.ts'
import { loadEnv, type Env } from '../../server/env.ts'
import { createTestDatabase } from './db.ts'

export const testPublicUrl = 'http://localhost:3000'

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: testPublicUrl,
    BETTER_AUTH_SECRET: 'test-secret-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-data-')),
    LOG_LEVEL: 'silent',
    ...overrides,
  })
}

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  env: Env
}

/** The real Fastify app on a fresh test database; pages need `npm run build` first. */
export async function createTestApp(options: { pages?: boolean } = {}): Promise<TestApp> {
  const database = await createTestDatabase()
  const env = testEnv()
  const app = await buildApp({ env, database, logger: false, ...(options.pages ? {} : { pages: false }) })
  await app.ready()
  return { app, database, env }
}
