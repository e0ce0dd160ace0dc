import { afterAll, beforeAll } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { createTestDatabase } from './db.ts'

/**
 * What the tests of one file (or of the describe block it is called in) share: started before the
 * first of them, ended after the last. The function it returns gives it to the tests, and to hooks
 * registered after this call.
 */
export function sharedFixture<T>(label: string, start: () => Promise<T>, end: (value: T) => Promise<void>): () => T {
  let value: T | undefined
  beforeAll(async () => {
    value = await start()
  })
  afterAll(async () => {
    if (value !== undefined) await end(value)
  })
  return () => {
    if (value === undefined) throw new Error(`${label} is not started yet (use it inside a test)`)
    return value
  }
}

/** A fresh test database (`createTestDatabase`) shared by the tests of this file; read `.db` inside tests. */
export function sharedTestDatabase(): { readonly db: Database } {
  const handle = sharedFixture('the test database', createTestDatabase, (database) => database.close())
  return {
    get db() {
      return handle().db
    },
  }
}
