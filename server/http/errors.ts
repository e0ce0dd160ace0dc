import { STATUS_CODES } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { requestLanguage } from './request-info.ts'
import { messages } from '../../core/messages.ts'

/**
 * One answer for every failure outside tRPC: the detail goes to the log with the request id; the
 * client gets a generic message in its language (never SQL, a stack trace or an internal text).
 * `expose` (DEBUG_ERRORS=1 in development) shows the internal message instead.
 */
export const errorAnswers = fp(async (app: FastifyInstance, opts: { expose: boolean }) => {
  app.setErrorHandler(async (error: unknown, req, reply) => {
    const code = (error as { statusCode?: unknown }).statusCode
    const status = typeof code === 'number' && code >= 400 && code < 600 ? code : 500
    const language = requestLanguage(req)
    // A domain refusal on a plain route (an upload): its own status and message, in the caller's language.
    if (error instanceof AppError) {
      const status = appErrorStatus[error.code]
      req.log.info({ err: error }, 'request refused')
      return reply.status(status).send({
        statusCode: status,
        error: STATUS_CODES[status],
        message: translate(language, error.userMessage, error.values),
        ...(error.field ? { field: error.field } : {}),
      })
    }
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed')
      const message = opts.expose && error instanceof Error ? error.message : translate(language, messages.internalError)
      return reply.status(status).send({ statusCode: status, error: STATUS_CODES[status], message, requestId: req.id })
    }
    req.log.info({ err: error }, 'request refused')
    return reply.status(status).send({ statusCode: status, error: STATUS_CODES[status], message: translate(language, messages.badRequest) })
  })
})
