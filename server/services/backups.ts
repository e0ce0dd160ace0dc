import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { backupTime, isBackupName, pruneBackups } from '../db/backup.ts'
import type { DatabaseHandle } from '../db/client.ts'
import type { AppLogger } from '../logger.ts'

/** A backup the shop keeps in DATA_DIR/backups. */
export interface BackupFile {
  name: string
  bytes: number
  createdAt: Date
}

export interface Backups {
  /**
   * The embedded database is backed up by the shop itself (the one process that may read it);
   * PostgreSQL by `npm run db:backup` or the provider's own backups.
   */
  readonly byTheShop: boolean
  /** Newest first. */
  list(): BackupFile[]
  /** One backup now (a second call meanwhile waits for the same one), then the oldest beyond `keep` go. */
  create(): Promise<BackupFile>
  /** The path of a kept backup, or null for any other name (never a path outside the folder). */
  path(name: string): string | null
  /** A backup when the newest is a day old or more (so a restart neither skips nor repeats one); null when not due. */
  runIfDue(): Promise<BackupFile | null>
  /** runIfDue now and every `checkEveryMs` (an hour). */
  start(): void
  /** Stops the schedule and waits for a backup under way (the database closes after). */
  stop(): Promise<void>
}

export const keptBackups = 7
const day = 24 * 60 * 60 * 1000

/** The backups of DATA_DIR's embedded database: daily, seven kept, and on demand from /admin. */
export function createBackups(
  database: Pick<DatabaseHandle, 'kind' | 'backup'>,
  opts: { dir: string; log: Pick<AppLogger, 'info' | 'error'>; now?: () => Date; checkEveryMs?: number },
): Backups {
  const now = opts.now ?? (() => new Date())
  let running: Promise<BackupFile> | null = null
  let timer: NodeJS.Timeout | null = null
  const byTheShop = database.kind === 'pglite'

  function describe(name: string): BackupFile {
    return { name, bytes: statSync(join(opts.dir, name)).size, createdAt: backupTime(name)! }
  }
  function list(): BackupFile[] {
    if (!existsSync(opts.dir)) return []
    return readdirSync(opts.dir).filter(isBackupName).sort().reverse().map(describe)
  }
  function create(): Promise<BackupFile> {
    if (!byTheShop) return Promise.reject(new Error('PostgreSQL is backed up with npm run db:backup'))
    running ??= (async () => {
      const started = Date.now()
      const file = await database.backup(opts.dir)
      const removed = pruneBackups(opts.dir, keptBackups)
      const made = describe(basename(file))
      opts.log.info({ backup: made.name, bytes: made.bytes, ms: Date.now() - started, removed }, 'database backed up')
      return made
    })().finally(() => (running = null))
    return running
  }
  async function runIfDue(): Promise<BackupFile | null> {
    const newest = list()[0]
    if (!byTheShop || (newest && now().getTime() - newest.createdAt.getTime() < day)) return null
    try {
      return await create()
    } catch (error) {
      opts.log.error({ err: error }, 'daily database backup failed')
      return null
    }
  }
  return {
    byTheShop,
    list,
    create,
    path: (name) => (isBackupName(name) && existsSync(join(opts.dir, name)) ? join(opts.dir, name) : null),
    runIfDue,
    start() {
      if (!byTheShop || timer) return
      void runIfDue()
      timer = setInterval(() => void runIfDue(), opts.checkEveryMs ?? 60 * 60 * 1000)
      timer.unref()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running?.catch(() => {})
    },
  }
}

/** Services built without the database's handle (tests of procedures alone) make no backups. */
export const noBackups: Backups = {
  byTheShop: false,
  list: () => [],
  create: () => Promise.reject(new Error('no database handle: backups are not made here')),
  path: () => null,
  runIfDue: async () => null,
  start() {},
  async stop() {},
}
