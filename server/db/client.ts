import { mkdirSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { backupPglite, backupPostgres } from './backup.ts'
import { lockDataDir } from './data-dir-lock.ts'
import type { PGlite } from '@electric-sql/pglite'
import { embeddedDatabase } from './pglite.ts'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import type { Env } from '../env.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** One type for both drivers, so services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Database
  kind: 'postgres' | 'pglite'
  migrate(): Promise<void>
  /**
   * Runs `work` while no other instance on the same database runs its own (a PostgreSQL advisory
   * lock held on a connection of its own): migrating and seeding at start. PGlite has one process.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>
  /**
   * Runs `work` unless another instance (or this one) already runs work under the same `key`: then
   * resolves null at once. A PostgreSQL advisory lock on a connection of its own, so a process that
   * dies lets it go with its connection (the VERI*FACTU sender: one at a time).
   */
  unlessBusy<T>(key: number, work: () => Promise<T>): Promise<T | null>
  close(): Promise<void>
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (from any instance on the same database, or this
   * one); resolves once listening, with a function that stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>
  /** Writes a backup of the whole database into `dir` (server/db/backup.ts); resolves with its file. */
  backup(dir: string): Promise<string>
  /**
   * This process's connections by state, as PostgreSQL sees them (pg_stat_activity), and the pool's
   * size: the metrics' "pool use". Null on PGlite (one connection inside the process).
   */
  poolUse(): Promise<{ max: number; byState: Record<string, number> } | null>
}

/** How many connections one process opens at most (postgres-js's pool). */
const poolSize = 10

/** Names this process's connections in pg_stat_activity, so its pool's use can be read there. */
const applicationName = `panel-shop ${hostname()} ${process.pid}`.slice(0, 63)

/** The advisory lock's key for preparing the database at start: any number the app uses for nothing else. */
const startLockKey = 7_361_902_114

export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url))

export type DatabaseOptions =
  | { url: string }
  | { dataDir: string }
  /** An already open PGlite instance (tests load one from a migrated snapshot). */
  | { pglite: PGlite }

/** The database the environment names: DATABASE_URL, else the embedded PGlite in DATA_DIR. */
export function openDatabaseFromEnv(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseHandle {
  return env.DATABASE_URL ? openDatabase({ url: env.DATABASE_URL }) : openDatabase({ dataDir: env.DATA_DIR })
}

/** postgres-js when a URL is given, otherwise the embedded PGlite in DATA_DIR (docs/decisions/006). */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if ('url' in options) {
    const client = postgres(options.url, { max: poolSize, onnotice: () => {}, connection: { application_name: applicationName } })
    const db = drizzlePostgres({ client, schema, casing: 'snake_case' })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      async exclusive(work) {
        const connection = await client.reserve()
        try {
          await connection`select pg_advisory_lock(${startLockKey})`
          try {
            return await work()
          } finally {
            await connection`select pg_advisory_unlock(${startLockKey})`
          }
        } finally {
          connection.release()
        }
      },
      async unlessBusy(key, work) {
        const connection = await client.reserve()
        try {
          const [taken] = await connection<Array<{ locked: boolean }>>`select pg_try_advisory_lock(${key}) as locked`
          if (!taken?.locked) return null
          try {
            return await work()
          } finally {
            await connection`select pg_advisory_unlock(${key})`
          }
        } finally {
          connection.release()
        }
      },
      close: () => client.end({ timeout: 5 }),
      backup: (dir) => backupPostgres(options.url, dir),
      async poolUse() {
        const rows = await client<Array<{ state: string | null; n: number }>>`
          select state, count(*)::int as n from pg_stat_activity where application_name = ${applicationName} group by state`
        return { max: poolSize, byState: Object.fromEntries(rows.map((row) => [row.state ?? 'unknown', row.n])) }
      },
      async listen(channel, onNotify) {
        // postgres-js keeps one dedicated connection for LISTEN and re-listens after a reconnect.
        const request = await client.listen(channel, onNotify)
        return () => request.unlisten()
      },
    }
  }
  let client: PGlite
  let release = () => {}
  if ('pglite' in options) {
    client = options.pglite
  } else {
    release = lockDataDir(options.dataDir)
    const dir = join(options.dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    client = embeddedDatabase({ dataDir: dir })
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case' })
  // One process per data folder: the keys held are this process's own.
  const held = new Set<number>()
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process per data folder (its lock file): nobody else can be starting on it.
    exclusive: (work) => work(),
    async unlessBusy(key, work) {
      if (held.has(key)) return null
      held.add(key)
      try {
        return await work()
      } finally {
        held.delete(key)
      }
    },
    backup: (dir) => backupPglite(client, dir),
    poolUse: async () => null,
    async listen(channel, onNotify) {
      const unlisten = await client.listen(channel, onNotify)
      return () => unlisten()
    },
    close: async () => {
      try {
        await client.close()
      } finally {
        release()
      }
    },
  }
}
