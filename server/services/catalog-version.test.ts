import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { watchCatalog, type CatalogVersion } from './catalog-version.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { silentLog } from '../../tests/helpers/silent-log.ts'

// The catalog's version follows every change through LISTEN/NOTIFY (docs/decisions/015); an admin's change
// waits for its own notice before answering, on PGlite and on PostgreSQL.
let database: DatabaseHandle
let version: CatalogVersion
beforeAll(async () => {
  database = await createTestDatabase()
  version = await watchCatalog(database, silentLog)
})
afterAll(async () => {
  await version.stop()
  await database.close()
})

const touchCatalog = () => database.db.execute(sql`update products set featured = featured where slug = (select min(slug) from products)`)

describe('watchCatalog', () => {
  it('moves past a version once a change to the catalog is notified, and resolves at once when it already has', async () => {
    const seen = version.current()
    await touchCatalog()
    await version.movedPast(seen, 5000)
    expect(version.current()).toBeGreaterThan(seen)
    const before = Date.now()
    await version.movedPast(seen, 5000)
    expect(Date.now() - before).toBeLessThan(1000)
  })

  it('gives up waiting after the time allowed when nothing changes', async () => {
    const seen = version.current()
    await version.movedPast(seen, 50)
    expect(version.current()).toBe(seen)
  })
})
