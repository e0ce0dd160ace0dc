import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { embeddedDatabase } from './pglite.ts'
import postgres from 'postgres'
import { lockDataDir } from './data-dir-lock.ts'

// Backups (one process per embedded database: docs/decisions/010). PostgreSQL: pg_dump's custom
// format, consistent at any time, loaded by pg_restore into an empty database. The embedded
// database: PGlite's own dump of its data folder (a gzipped tarball), taken by the process that
// holds the folder, and loaded into a folder that holds no database yet.

export class BackupError extends Error {
  override name = 'BackupError'
}

/** `shop-2026-11-24T083000Z.dump` (PostgreSQL) or `shop-….pglite.tar.gz` (embedded). */
export function backupFileName(kind: 'postgres' | 'pglite', now: Date = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `shop-${stamp}${kind === 'postgres' ? '.dump' : '.pglite.tar.gz'}`
}

const backupName = /^shop-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.(dump|pglite\.tar\.gz)$/

export const isBackupName = (name: string) => backupName.test(name)

/** When a backup was taken, as its name says (a copied file keeps its name, not its file times). */
export function backupTime(name: string): Date | null {
  const match = backupName.exec(name)
  if (!match) return null
  const [, year, month, dayOfMonth, hours, minutes, seconds] = match.map(Number)
  return new Date(Date.UTC(year!, month! - 1, dayOfMonth, hours, minutes, seconds))
}

/** Keeps the `keep` newest backups in `dir` (the names sort by time); returns the ones removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return []
  const old = readdirSync(dir).filter(isBackupName).sort().reverse().slice(keep)
  for (const name of old) rmSync(join(dir, name), { force: true })
  return old
}

/**
 * Runs a PostgreSQL client program on the database at `url`, its password passed in the
 * environment (PGPASSWORD) rather than on the command line, where `ps` shows it to every user.
 * A missing program or a failure is a BackupError with its message.
 */
function run(program: string, args: string[], url: string): Promise<void> {
  const target = new URL(url)
  const password = decodeURIComponent(target.password)
  target.password = ''
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${target.href}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)))
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${program} was not found: install the PostgreSQL client tools (Debian: postgresql-client) of the server's major version`)
          : error,
      )
    })
    child.once('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit ${code}): ${redact(stderr.trim())}`))))
  })
}

/** Messages of the client tools may quote the connection string: never its password. */
const redact = (text: string) => text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/g, '$1***@')

/** A consistent dump of the PostgreSQL database at `url` into `dir`; returns the file. */
export async function backupPostgres(url: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, backupFileName('postgres'))
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], url)
  return file
}

/** Loads a dump made by backupPostgres into the database at `url`, which must hold no tables yet. */
export async function restorePostgres(url: string, file: string): Promise<void> {
  if (!readFileSync(file).subarray(0, 5).equals(Buffer.from('PGDMP'))) {
    throw new BackupError(`${basename(file)} is not a PostgreSQL backup (pg_dump's custom format): restore it with the database it came from`)
  }
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const [row] = await sql<Array<{ tables: number }>>`
      select count(*)::int as tables from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`
    if ((row?.tables ?? 0) > 0) {
      throw new BackupError(
        `the database to restore into is not empty (${row?.tables} tables): create an empty database and point DATABASE_URL at it`,
      )
    }
  } finally {
    await sql.end()
  }
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', file], url)
}

/** PGlite's dump of its own folder, by the process that holds it open; returns the file. */
export async function backupPglite(client: PGlite, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, backupFileName('pglite'))
  // A dump asked for before the database has started never ends.
  await client.waitReady
  const dump = await client.dumpDataDir('gzip')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 })
  return file
}

/** Loads a backup made by backupPglite into DATA_DIR, which must hold no embedded database yet. */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  const content = readFileSync(file)
  if (content[0] !== 0x1f || content[1] !== 0x8b) {
    throw new BackupError(`${basename(file)} is not a backup of the embedded database (a gzipped tarball): restore it with the database it came from`)
  }
  const release = lockDataDir(dataDir)
  try {
    const target = join(dataDir, 'pglite')
    if (existsSync(target) && readdirSync(target).length > 0) {
      throw new BackupError(`${target} already holds a database: move it away (or use a new DATA_DIR) before restoring`)
    }
    const client = embeddedDatabase({ dataDir: target, loadDataDir: new Blob([content]) })
    await client.query('select 1')
    await client.close()
  } finally {
    release()
  }
}

/** The size of a backup file, for the commands' output. */
export const backupSize = (file: string) => `${(statSync(file).size / 1024).toFixed(0)} KB`
