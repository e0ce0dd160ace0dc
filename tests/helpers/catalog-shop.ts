import type { Database } from '../../server/db/client.ts'
import { createTestDatabase } from './db.ts'
import { sharedFixture } from './shared-fixture.ts'
import { callerAs, shopperCaller } from './users.ts'

/**
 * A test database with the seeded catalog, shared by the tests of a file: its products' ids by
 * slug, and shoppers, each with their own cart session, services (an outbox) and tRPC caller.
 */
export function sharedCatalogShop() {
  const shop = sharedFixture(
    'the shop',
    async () => {
      const database = await createTestDatabase()
      const visitor = await callerAs(database.db, 'anonymous')
      const ids = new Map((await visitor.catalog.products()).map((p) => [p.slug, p.id]))
      return { database, ids }
    },
    ({ database }) => database.close(),
  )
  return {
    get db(): Database {
      return shop().database.db
    },
    ids: { get: (slug: string) => shop().ids.get(slug) },
    shopper: (kind: 'anonymous' | 'customer' = 'anonymous', opts: { language?: 'es' | 'en' } = {}) => shopperCaller(shop().database.db, kind, opts),
  }
}
