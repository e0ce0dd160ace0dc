import { STATUS_CODES } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isDatabaseUnavailable } from '../db/unavailable.ts'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { requestLanguage } from './request-info.ts'
import { languageOfPath } from '../../core/language-urls.ts'
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
    // The database out of reach: 503, try again shortly; it comes back by itself.
    const unavailable = isDatabaseUnavailable(error) || (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE')
    if (unavailable) {
      req.log.error({ err: error }, 'service unavailable')
      // A page asked for by a browser gets a page, not JSON, in the page's language (its path).
      const page = req.method === 'GET' && String(req.headers.accept ?? '').includes('text/html')
      const answerLanguage = page ? languageOfPath(new URL(req.url, 'http://page').pathname) : language
      const message =
        error instanceof AppError
          ? translate(answerLanguage, error.userMessage, error.values)
          : translate(answerLanguage, messages.serviceUnavailable)
      reply.status(503)
      if (page) return reply.type('text/html; charset=utf-8').send(unavailablePage(answerLanguage, message, req.id))
      return reply.send({ statusCode: 503, error: STATUS_CODES[503], message, requestId: req.id })
    }
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

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The whole page a browser shows while the shop cannot serve: its message and the request's id to quote. */
function unavailablePage(language: string, message: string, requestId: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>503</title></head><body><main><h1>${escapeHtml(message)}</h1><p><code>${escapeHtml(requestId)}</code></p></main></body></html>`
}
