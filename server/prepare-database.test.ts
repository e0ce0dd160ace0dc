import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import postgres from 'postgres'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { migrationsFolder } from './db/client.ts'
import { seedCategories, seedProducts } from './db/seed-data.ts'
import { prepareDatabase } from './prepare-database.ts'
import { withDatabase } from '../tests/helpers/pg-url.ts'

// Several instances start at once on one empty PostgreSQL database (a deploy of two
// replicas). Each migrates and seeds under an advisory lock: no error, one schema, one catalog.
// The embedded database is one process's (a lock file), so this runs on PostgreSQL only.

const templateUrl = inject('pgTemplateUrl')
const quiet = { info: () => {} }

describe.skipIf(!templateUrl)('instances starting at once on one empty PostgreSQL database (skipped on PGlite: it has one process)', () => {
  const name = `shop_start_${randomBytes(4).toString('hex')}`
  const admin = () => postgres(withDatabase(templateUrl!, 'postgres'), { max: 1, onnotice: () => {} })
  afterAll(async () => {
    const cleanup = admin()
    await cleanup.unsafe(`drop database if exists "${name}" with (force)`)
    await cleanup.end()
  })

  it('migrate and seed once, without an error, however many start together', async () => {
    const create = admin()
    await create.unsafe(`create database "${name}"`)
    await create.end()
    const env = { DATABASE_URL: withDatabase(templateUrl!, name), DATA_DIR: '/nonexistent', ADMIN_EMAILS: undefined }
    const started = await Promise.allSettled(Array.from({ length: 4 }, () => prepareDatabase(env, quiet)))
    const errors = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))
    expect(errors).toEqual([])
    const check = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} })
    try {
      const [categories] = await check`select count(*)::int as n from categories`
      const [products] = await check`select count(*)::int as n from products`
      const [migrations] = await check`select count(*)::int as n from drizzle.__drizzle_migrations`
      expect(categories?.n).toBe(seedCategories.length)
      expect(products?.n).toBe(seedProducts.length)
      expect(migrations?.n).toBe(readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql')).length)
    } finally {
      await check.end()
      for (const result of started) if (result.status === 'fulfilled') await result.value.close()
    }
  }, 60_000)
})
