import { requestCatalog, submitContact } from '../services/forms.ts'
import { limitedPerClient, publicProcedure, router, type Context } from '../trpc.ts'
import { catalogRequestSchema, contactSchema, type CatalogRequest, type ContactMessage } from '../../core/forms.ts'

/**
 * A visitor's message, stored and emailed to the company in the caller's language: the one path for
 * `forms.contact` and the contact page's form posted without JavaScript (server/http/public-forms.ts).
 */
export function sendContact(ctx: Context, input: ContactMessage) {
  return submitContact(
    ctx.db,
    input,
    { userId: ctx.user?.id ?? null, language: ctx.language },
    {
      mailer: ctx.services.mailer,
      publicUrl: ctx.services.publicUrl,
      company: ctx.services.company,
      notifyEmails: ctx.services.notifyEmails,
      log: ctx.log,
    },
  )
}

/**
 * The PDF catalog by email in the requested language, the request stored; where to open it. The one
 * path for `forms.requestCatalog` and the catalog page's form posted without JavaScript.
 */
export function sendCatalog(ctx: Context, input: CatalogRequest) {
  return requestCatalog(
    ctx.db,
    input,
    { userId: ctx.user?.id ?? null },
    {
      mailer: ctx.services.mailer,
      publicUrl: ctx.services.publicUrl,
      company: ctx.services.company,
      log: ctx.log,
      catalogPdf: ctx.services.catalogPdf,
      limits: ctx.services.limits,
    },
  )
}

export const formsRouter = router({
  /** A visitor's message to the company; rate limited per client address. */
  contact: publicProcedure
    .use(limitedPerClient('contactPerClient'))
    .input(contactSchema)
    .mutation(async ({ ctx, input }) => {
      await sendContact(ctx, input)
      return { ok: true as const }
    }),
  /** The PDF catalog by email in the requested language; returns where to open it. */
  requestCatalog: publicProcedure
    .use(limitedPerClient('catalogPerClient'))
    .input(catalogRequestSchema)
    .mutation(({ ctx, input }) => sendCatalog(ctx, input)),
})
