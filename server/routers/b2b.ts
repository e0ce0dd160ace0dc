import { b2bStatus, requestB2bAccess } from '../services/b2b.ts'
import { authedProcedure, limitedPerClient, publicProcedure, router, type Context } from '../trpc.ts'
import type { Role } from '../../core/roles.ts'
import { b2bRequestSchema, type B2bRequest } from '../../core/b2b.ts'

/** The signed-in caller's wholesale request: the procedure's and the page's posted form's (server/http/b2b-request-form.ts). */
export async function requestWholesale(ctx: Context & { user: NonNullable<Context['user']>; role: Role }, input: B2bRequest) {
  const { requestedAt } = await requestB2bAccess(
    ctx.db,
    { userId: ctx.user.id, role: ctx.role, language: ctx.language, emailVerified: ctx.user.emailVerified },
    input,
    {
      mailer: ctx.services.mailer,
      publicUrl: ctx.services.publicUrl,
      company: ctx.services.company,
      notifyEmails: ctx.services.notifyEmails,
      log: ctx.log,
    },
  )
  return { state: 'requested' as const, requestedAt }
}

export const b2bRouter = router({
  /** Where the caller stands with wholesale access (docs/product.md#b2b). */
  status: publicProcedure.query(({ ctx }) =>
    b2bStatus(
      ctx.db,
      ctx.user && ctx.role ? { userId: ctx.user.id, email: ctx.user.email, emailVerified: ctx.user.emailVerified, role: ctx.role } : null,
    ),
  ),
  /** Asks for wholesale access; one open request per user. */
  request: authedProcedure
    .use(limitedPerClient('b2bRequestPerClient'))
    .input(b2bRequestSchema)
    .mutation(({ ctx, input }) => requestWholesale(ctx, input)),
})
