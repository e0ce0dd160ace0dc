import { submitContact } from '../services/forms.ts'
import { limitedPerClient, publicProcedure, router } from '../trpc.ts'
import { contactSchema } from '../../core/forms.ts'

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
          log: ctx.log,
        },
      )
      return { ok: true as const }
    }),
})
