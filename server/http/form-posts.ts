import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { escapeHtml } from '../emails/html.ts'
import { isSameOrigin } from './request-info.ts'
import { translate } from '../i18n.ts'
import { languageOfPath, stripLanguagePrefix } from '../../core/language-urls.ts'
import type { Language } from '../../core/language.ts'
import { messages, type AppMessage } from '../../core/messages.ts'

/** The bodies a browser posts from a form; anything else posted to a page stays a 404 as before. */
const formTypes = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** Room for the largest form (a product's two 4,000-character descriptions); never kept anyway. */
export const formBodyLimit = 64 * 1024

const style = 'body{font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem;margin:3rem auto;padding:0 1rem}'

/**
 * The page's own policy: nothing runs, loads, frames it or is posted from it; its one inline style
 * is allowed by its hash.
 */
const policy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const mediaType = (req: FastifyRequest) => (String(req.headers['content-type'] ?? '').split(';', 1)[0] ?? '').trim().toLowerCase()

/** The page posted to, as a link on this site: its path and query, with one leading slash (`//host` is another site). */
const pageUrl = (url: string) => url.replace(/^[/\\]+/, '/')

/** A page of its own (no script, no form): a heading, what happened (already translated) and a link back. */
function answerPage(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  page: { title: AppMessage; heading: AppMessage; explanations: string[] },
) {
  const back = pageUrl(req.url)
  const language = languageOfPath(new URL(back, 'http://page').pathname)
  const t = (message: AppMessage) => escapeHtml(translate(language, message))
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${t(page.title)}</title><style>${style}</style></head>` +
    `<body><main><h1>${t(page.heading)}</h1>${page.explanations.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}` +
    `<p><a href="${escapeHtml(back)}">${t(messages.formPostBack)}</a></p></main></body></html>`
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', policy)
    .header('content-language', language)
    .type('text/html; charset=utf-8')
    .send(html)
}

/** A form of a page that has no action of its own yet: 405, try again once the page has loaded. */
export const answerNoAction = (req: FastifyRequest, reply: FastifyReply) => answerTryAgain(req, reply.header('allow', 'GET, HEAD'), 405)

function answerTryAgain(req: FastifyRequest, reply: FastifyReply, status: number) {
  const language = languageOfPath(new URL(pageUrl(req.url), 'http://page').pathname)
  const explanation = translate(language, messages.formPostExplanation)
  return answerPage(req, reply, status, { title: messages.formPostTitle, heading: messages.formPostHeading, explanations: [explanation] })
}

/**
 * A form action's answer when nothing was done: the page says why (each reason in the page's
 * language, the form's own messages) and links back to the page posted from. Never the typed values.
 */
export function answerRefused(
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  page: { title: AppMessage; heading: AppMessage; reasons: string[] },
) {
  return answerPage(req, reply, status, { title: page.title, heading: page.heading, explanations: page.reasons })
}

/**
 * A form that has its own action: a post to a page whose path (without its language prefix)
 * matches `path` is answered by `run` (a 303 to where the person goes next, or the page again with
 * what to fix), given the page's path parameters (the pattern's groups) and the form's fields.
 * `run` calls the same service and shared schema as the form's procedure.
 */
export interface FormAction {
  path: RegExp
  run: (req: FastifyRequest, reply: FastifyReply, post: { params: string[]; fields: URLSearchParams; language: Language }) => Promise<FastifyReply>
}

/**
 * A form posted to its page before the page's script took it over (a slow phone, JavaScript off:
 * src/components/ui/Form.tsx posts to its own page so that no field lands in a URL). Until each
 * form has its own action (docs/product.md#forms), the answer says to try again once the page has
 * loaded, with a link back to it. The body is read (within a small limit) and dropped: never
 * parsed into values, stored or logged; as nothing is done with it, no same-origin check is needed.
 * Registered without fastify-plugin: the form parsers exist only here, so tRPC and better-auth
 * still refuse form bodies (cross-site posts need no preflight).
 */
export async function formPosts(app: FastifyInstance, opts: { actions?: readonly FormAction[]; publicUrl?: string } = {}) {
  const actions = opts.actions ?? []
  // Only a form with its own action keeps its body (a page's own form, as its procedure would take it).
  const actionOf = (req: FastifyRequest) => {
    const pathname = new URL(pageUrl(req.url), 'http://page').pathname
    for (const action of actions) {
      const match = action.path.exec(stripLanguagePrefix(pathname))
      if (match) return { action, params: match.slice(1), language: languageOfPath(pathname) }
    }
    return null
  }
  for (const type of formTypes)
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: formBodyLimit }, (req, body, done) =>
      done(null, type === formTypes[0] && actionOf(req) ? body : undefined),
    )

  // A body beyond the limit gets the same page (a person is behind it); other errors go on up.
  app.setErrorHandler(async (error: { statusCode?: unknown }, req, reply) => {
    if (error.statusCode === 413 && formTypes.includes(mediaType(req))) return answerTryAgain(req, reply, 413)
    throw error
  })

  app.post('/*', {
    // Only a browser's form post is answered here, before any body is read.
    onRequest: async (req, reply) => {
      if (!formTypes.includes(mediaType(req))) return reply.callNotFound()
    },
    // 405 with Allow: the page takes no posts yet, and nothing was done. Not 2xx (a client, a
    // monitor or a test must not read it as done), not 5xx (nothing failed on the server).
    handler: async (req, reply) => {
      const found = actionOf(req)
      if (found && Buffer.isBuffer(req.body)) {
        // Cookies alone never authorise a cross-site post (docs/product.md#accounts): the same rule as tRPC's.
        if (opts.publicUrl && !isSameOrigin(req, opts.publicUrl)) return answerTryAgain(req, reply, 403)
        const fields = new URLSearchParams(req.body.toString('utf8'))
        return found.action.run(req, reply.header('cache-control', 'no-store'), { params: found.params, fields, language: found.language })
      }
      return answerNoAction(req, reply)
    },
  })
}
