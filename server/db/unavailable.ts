import { sql } from 'drizzle-orm'
import type { Database } from './client.ts'

/**
 * Whether an error means the database cannot be reached right now (refused, dropped, restarting,
 * full), as opposed to a bug or bad data: the shop then answers 503 "try again shortly", and
 * postgres-js reconnects by itself on a later query.
 */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
])
// SQLSTATE: class 08 (connection exception), the server shutting down or starting, too many clients.
const unavailableStates = /^(08...|57P01|57P02|57P03|53300)$/

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') return false
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (connectionCodes.has(code) || unavailableStates.test(code))) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Whether the database fails a trivial query because it cannot be reached (not for any other reason). */
export async function databaseUnreachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return false
  } catch (error) {
    return isDatabaseUnavailable(error)
  }
}
