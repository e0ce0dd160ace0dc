import type { AppMessage } from '../core/messages.ts'

/**
 * The domain's one error type. Services throw it; `server/trpc.ts` maps it to a tRPC code in one
 * place. Its `userMessage` (core/messages.ts) is what the caller reads, in their language.
 */
export type AppErrorCode =
  'NOT_FOUND' | 'BAD_REQUEST' | 'CONFLICT' | 'FORBIDDEN' | 'UNAUTHORIZED' | 'PRECONDITION_FAILED' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE'

export class AppError extends Error {
  override name = 'AppError'
  readonly code: AppErrorCode
  readonly userMessage: AppMessage
  readonly values: Record<string, unknown> | undefined
  /** The form field the message belongs beside (a slug another product has), when there is one. */
  readonly field: string | undefined
  constructor(code: AppErrorCode, userMessage: AppMessage, options: { cause?: unknown; values?: Record<string, unknown>; field?: string } = {}) {
    super(userMessage.message, { cause: options.cause })
    this.code = code
    this.userMessage = userMessage
    this.values = options.values
    this.field = options.field
  }
}

export const notFound = (message: AppMessage) => new AppError('NOT_FOUND', message)

/** The HTTP status of each domain error on the plain routes (tRPC maps its own codes the same way). */
export const appErrorStatus: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
}

/** Whether a database error (or one it caused) has this PostgreSQL SQLSTATE, e.g. 23505 unique. */
export function hasPgCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true
  }
  return false
}
