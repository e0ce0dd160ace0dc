import { randomBytes } from 'node:crypto'
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/** What services log through: Fastify's request logger in the server, a silent stub in tests. */
export interface AppLogger {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

/**
 * A request's id: random, so ids from several instances never collide; short enough for a customer
 * to read out from an error page. Sent back as `x-request-id` and bound to every log line.
 */
export const newRequestId = () => randomBytes(8).toString('hex')

/**
 * What a log line may say about a request and its answer: the route's pattern and the path without
 * its query (a reset link's token, a search for an email), never headers (cookies) or bodies.
 */
const requestFacts = (req: FastifyRequest) => ({
  method: req.method,
  route: req.routeOptions.url ?? null,
  path: req.url.split('?', 1)[0],
  remoteAddress: req.ip,
})

/**
 * An error as logged: its kind, code and stack, and its message without what a failed query
 * carries after it (drizzle's "params:", PostgreSQL's row "detail": customers' data).
 */
type ErrorFacts = {
  type: string
  message: string
  stack: string
  code?: unknown
  statusCode?: unknown
  cause?: ErrorFacts
}

function errorFacts(error: unknown): ErrorFacts {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' }
  const facts = error as Error & { code?: unknown; statusCode?: unknown; cause?: unknown }
  const message = error.message.split('\nparams:', 1)[0] ?? ''
  return {
    type: error.name,
    message,
    code: facts.code,
    statusCode: facts.statusCode,
    stack: error.stack?.replace(error.message, message) ?? '',
    ...(facts.cause instanceof Error ? { cause: errorFacts(facts.cause) } : {}),
  }
}

/** Pino's serializers for the app's logger: no raw URL, header, body or query parameters in any line. */
export const logSerializers = {
  req: requestFacts,
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: errorFacts,
}

/**
 * One access line per request, when it completes (with the request's method, route, path and
 * address), instead of Fastify's two: half the log writes per page view. Errors stay at `error`.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}
