import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'

/** Another process (a running shop, a command) holds the embedded database. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
}

/**
 * Holds DATA_DIR's embedded database for this process: PGlite belongs to one process at a time, and
 * a second one writing to the same files would corrupt them (docs/decisions/010). The lock is
 * refreshed while held and counts as stale 10 s after its process died. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  try {
    return lockfile.lockSync(dataDir, {
      realpath: false,
      lockfilePath: join(dataDir, 'pglite.lock'),
      stale: 10_000,
      update: 2_000,
      onCompromised: (error) => {
        // Someone removed the lock or the disk stalled: stop before two processes write at once.
        console.error(`The lock on the embedded database in ${dataDir} was lost: ${error.message}`)
        process.exit(1)
      },
    })
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ELOCKED') {
      throw new DataDirInUseError(`The embedded database in ${dataDir} is in use by another process (is the shop running?): stop it first.`, {
        cause: error,
      })
    }
    throw error
  }
}
