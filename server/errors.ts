/**
 * The domain's one error type. Services throw it; `server/trpc.ts` maps it to a tRPC code in one
 * place. `message` is safe to show to users (English source text; the client translates by code).
 */
export type AppErrorCode = 'NOT_FOUND' | 'BAD_REQUEST' | 'CONFLICT' | 'FORBIDDEN' | 'UNAUTHORIZED' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE'

export class AppError extends Error {
  override name = 'AppError'
  readonly code: AppErrorCode
  constructor(code: AppErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`)

/** Whether a database error (or one it caused) has this PostgreSQL SQLSTATE, e.g. 23505 unique. */
export function hasPgCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true
  }
  return false
}
