import { publicProcedure, router } from '../trpc.ts'

export const accountRouter = router({
  me: publicProcedure.query(({ ctx }) => {
    if (!ctx.user || !ctx.role) return null
    return { user: { id: ctx.user.id, email: ctx.user.email, name: ctx.user.name }, role: ctx.role }
  }),
})
