import postgres from 'postgres'
import { prepareDatabase } from '../server/prepare-database.ts'

/** Runs `work` on a connection to the server's `postgres` database, where `url`'s database is created or dropped. */
async function onServerOf(url: string, work: (sql: postgres.Sql, name: string) => Promise<void>): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const sql = postgres(admin.href, { max: 1, onnotice: () => {} })
  try {
    await work(sql, name)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/**
 * The benchmark's PostgreSQL database: created when missing, then migrated and seeded by the
 * shop's own startup code, so the shop and the bare reference read the same rows.
 */
export async function prepareBenchDatabase(url: string): Promise<void> {
  await onServerOf(url, async (sql, name) => {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`
    if (!exists) await sql.unsafe(`create database "${name.replaceAll('"', '""')}"`)
  })
  const database = await prepareDatabase({ DATABASE_URL: url, DATA_DIR: '', ADMIN_EMAILS: undefined }, { info() {} })
  await database.close()
}

/** Drops the benchmark's database (a scratch one: `npm run bench:load` starts from the seed each time). */
export async function dropBenchDatabase(url: string): Promise<void> {
  await onServerOf(url, async (sql, name) => {
    await sql.unsafe(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`)
  })
}
