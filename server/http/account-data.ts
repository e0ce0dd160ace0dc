import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client.ts'
import { translate } from '../i18n.ts'
import { exportAccount } from '../services/account.ts'
import { requestLanguage } from './request-info.ts'
import { accountDataPath } from '../../core/account-pages.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'

/**
 * `GET /account/data.json` (docs/product.md#accounts): everything the shop holds about the signed-in
 * person (`account.export`'s service), saved as a file named in the reader's language
 * ("mis-datos-2026-11-20.json"). A visitor is sent to sign in, then back to /account.
 */
export async function accountDataRoutes(app: FastifyInstance, opts: { db: Database }) {
  app.get(accountDataPath, async (req, reply) => {
    // Personal data: never kept by a browser or a shared cache.
    reply.header('cache-control', 'private, no-store')
    const language = requestLanguage(req)
    const ctx = await app.requestContext(req, reply)
    if (!ctx.user) return reply.redirect(localizedPath('/auth?redirect=%2Faccount', language), 303)
    const data = await exportAccount(opts.db, ctx.user.id)
    const name = `${translate(language, messages.dataFileName)}-${data.exportedAt.slice(0, 10)}.json`
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(JSON.stringify(data, null, 2))
  })
}
