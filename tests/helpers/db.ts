import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import postgres from 'postgres'
import { inject } from 'vitest'
import { embeddedDatabase } from '../../server/db/pglite.ts'
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts'
import { withDatabase } from './pg-url.ts'

/**
 * A fresh, migrated and seeded database for one test file: PGlite in memory by default, a copy of
 * the template on the real PostgreSQL when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const shared = await createSharedTestDatabase()
  if (shared) {
    const handle = shared.open()
    return {
      ...handle,
      async close() {
        await handle.close()
        await shared.drop()
      },
    }
  }
  const snapshot = inject('pgliteSnapshot')
  if (!snapshot) throw new Error('The test database snapshot is missing (tests/setup/global.ts did not run)')
  const pglite = embeddedDatabase({ loadDataDir: new Blob([readFileSync(snapshot)]) })
  await pglite.waitReady
  return openDatabase({ pglite })
}

/**
 * On the real PostgreSQL (TEST_DATABASE_URL), a fresh copy of the template that several handles
 * (several app instances) can open at once; null on PGlite, whose database is one process's.
 */
export async function createSharedTestDatabase(): Promise<{ open(): DatabaseHandle; drop(): Promise<void> } | null> {
  const templateUrl = inject('pgTemplateUrl')
  if (templateUrl) {
    const template = new URL(templateUrl).pathname.slice(1)
    const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`
    const admin = postgres(withDatabase(templateUrl, 'postgres'), { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}" template "${template}"`)
    await admin.end()
    return {
      open: () => openDatabase({ url: withDatabase(templateUrl, name) }),
      async drop() {
        const cleanup = postgres(withDatabase(templateUrl, 'postgres'), { max: 1, onnotice: () => {} })
        await cleanup.unsafe(`drop database if exists "${name}" with (force)`)
        await cleanup.end()
      },
    }
  }
  return null
}
