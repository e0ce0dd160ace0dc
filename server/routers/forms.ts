import { requestCatalog, submitContact } from '../services/forms.ts'
import { limitedPerClient, publicProcedure, router } from '../trpc.ts'
import { catalogRequestSchema, contactSchema } from '../../core/forms.ts'

export const formsRouter = router({
  /** A visitor's message to the company; rate limited per client address. */
  contact: publicProcedure
    .use(limitedPerClient('contactPerClient'))
    .input(contactSchema)
    .mutation(async ({ ctx, input }) => {
      await submitContact(
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
      return { ok: true as const }
    }),
  /** The PDF catalog by email in the requested language; returns where to open it. */
  requestCatalog: publicProcedure
    .use(limitedPerClient('catalogPerClient'))
    .input(catalogRequestSchema)
    .mutation(({ ctx, input }) =>
      requestCatalog(
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
      ),
    ),
})
