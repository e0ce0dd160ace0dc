import { accountProfile, activeSessions, exportAccount, updateAccount } from '../services/account.ts'
import { authedProcedure, publicProcedure, roleRefusal, router } from '../trpc.ts'
import { z } from 'zod'
import { billingDetails, saveBilling } from '../services/billing.ts'
import { accountUpdateSchema } from '../../core/account.ts'
import { billingSchema } from '../../core/billing.ts'

export const accountRouter = router({
  me: publicProcedure.query(({ ctx }) => {
    if (!ctx.user || !ctx.role) return null
    return {
      user: {
        id: ctx.user.id,
        email: ctx.user.email,
        name: ctx.user.name,
        emailVerified: ctx.user.emailVerified,
        twoFactorEnabled: ctx.user.twoFactorEnabled,
      },
      role: ctx.role,
      // An admin refused by admin.* until two-factor is on and this session passed it
      // (ADMIN_REQUIRE_2FA): /admin says which (user.twoFactorEnabled tells them apart).
      needsTwoFactor: ctx.role === 'admin' && roleRefusal(ctx, 'admin') !== null,
    }
  }),
  /** The /account page's profile, email and default address. */
  profile: authedProcedure.query(({ ctx }) => accountProfile(ctx.db, ctx.user.id)),
  /** Profile and default shipping address (the checkout form is prefilled from it). */
  update: authedProcedure.input(accountUpdateSchema).mutation(({ ctx, input }) => updateAccount(ctx.db, ctx.user.id, input)),
  /** The billing details for a full invoice kept for next time, and a wholesale customer's approved ones. */
  billing: authedProcedure.query(({ ctx }) => billingDetails(ctx.db, { userId: ctx.user.id, role: ctx.role })),
  /** Keeps the billing details checkout offers next time; null forgets them. */
  updateBilling: authedProcedure.input(z.object({ billing: billingSchema.nullable() })).mutation(async ({ ctx, input }) => {
    await saveBilling(ctx.db, ctx.user.id, input.billing)
    return billingDetails(ctx.db, { userId: ctx.user.id, role: ctx.role })
  }),
  /** The account's open sessions: device, address and times, never a token. */
  sessions: authedProcedure.query(({ ctx }) => activeSessions(ctx.db, ctx.user.id, ctx.user.sessionId)),
  /** Everything the shop holds about the caller, as the JSON file "Download my data" saves. */
  export: authedProcedure.query(({ ctx }) => exportAccount(ctx.db, ctx.user.id)),
})
