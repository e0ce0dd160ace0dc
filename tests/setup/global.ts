import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedDatabase } from '../../server/db/pglite.ts'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db/client.ts'
import { seedCatalog } from '../../server/db/seed.ts'
import { templateDatabaseName, withDatabase } from '../helpers/pg-url.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a migrated, seeded data dir dumped once, loaded in memory by each test file. */
    pgliteSnapshot: string | null
    /** PostgreSQL runs (TEST_DATABASE_URL): a migrated, seeded template each test file copies. */
    pgTemplateUrl: string | null
  }
}

/** Migrates and seeds one database per run, so each test file starts from a copy in well under a second. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = templateDatabaseName(url)
    const admin = postgres(withDatabase(url, 'postgres'), { max: 1, onnotice: () => {} })
    try {
      await admin.unsafe(`drop database if exists "${template}" with (force)`)
      await admin.unsafe(`create database "${template}"`)
    } finally {
      await admin.end()
    }
    const database = openDatabase({ url: withDatabase(url, template) })
    try {
      await database.migrate()
      await seedCatalog(database.db)
    } finally {
      await database.close()
    }
    project.provide('pgTemplateUrl', withDatabase(url, template))
    project.provide('pgliteSnapshot', null)
    return
  }
  const pglite = embeddedDatabase()
  const database = openDatabase({ pglite })
  await database.migrate()
  await seedCatalog(database.db)
  const dump = await pglite.dumpDataDir('gzip')
  await database.close()
  const dir = mkdtempSync(join(tmpdir(), 'shop-test-'))
  const file = join(dir, 'snapshot.tar.gz')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
  project.provide('pgTemplateUrl', null)
  return () => rmSync(dir, { recursive: true, force: true })
}
