import type { DatabaseHandle } from '../db/client.ts'
import type { AppLogger } from '../logger.ts'

/** The channel the catalog's triggers notify on (migrations/0006_catalog_changes.sql). */
export const catalogChannel = 'catalog_changed'

export interface CatalogVersion {
  /** Goes up each time any instance (or anyone with a database client) changes the catalog. */
  current(): number
  /** Calls `onChange` after each change; returns a function that stops calling it. */
  subscribe(onChange: () => void): () => void
  /**
   * Resolves once the version has moved past `seen` (the notice of a change this process made has
   * come back), or after `timeoutMs`. A change's notice arrives on the listening connection a few
   * milliseconds after its commit: an admin's save waits for it before answering, so the page the
   * admin (or anyone) asks for next is already the new one.
   */
  movedPast(seen: number, timeoutMs: number): Promise<void>
  stop(): Promise<void>
}

/**
 * Follows the catalog's changes through PostgreSQL's LISTEN/NOTIFY, so what a cache built from the
 * catalog at version v is stale once the version moves, on every instance on the same database.
 * When listening fails (a connection lost) the version moves too: better a cold cache than a wrong page.
 */
export async function watchCatalog(database: Pick<DatabaseHandle, 'listen'>, log: Pick<AppLogger, 'warn'>): Promise<CatalogVersion> {
  let version = 0
  const listeners = new Set<() => void>()
  const bump = () => {
    version++
    for (const listener of listeners) listener()
  }
  let unlisten: (() => Promise<void>) | null = null
  try {
    unlisten = await database.listen(catalogChannel, bump)
  } catch (error) {
    log.warn({ err: error }, 'catalog changes cannot be followed: pages and catalog answers are not cached')
  }
  const following = unlisten !== null
  return {
    // Not following changes: every read sees a new version, so nothing cached is ever served.
    current: () => (following ? version : ++version),
    subscribe(onChange) {
      listeners.add(onChange)
      return () => listeners.delete(onChange)
    },
    movedPast(seen, timeoutMs) {
      if (!following || version > seen) return Promise.resolve()
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          listeners.delete(check)
          resolve()
        }
        const check = () => {
          if (version > seen) done()
        }
        const timer = setTimeout(done, timeoutMs)
        listeners.add(check)
      })
    },
    async stop() {
      listeners.clear()
      // A listening connection already lost (the database went away) has nothing left to stop.
      await unlisten?.().catch((error: unknown) => log.warn({ err: error }, 'catalog changes: unlisten failed'))
    },
  }
}
