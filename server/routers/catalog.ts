import { z } from 'zod'
import { getCategory, getProduct, listCategories, listProducts } from '../services/catalog.ts'
import { publicProcedure, router } from '../trpc.ts'
import { slugSchema } from '../../core/identifiers.ts'

const slug = slugSchema

export const catalogRouter = router({
  categories: publicProcedure.query(({ ctx }) => listCategories(ctx.db)),
  category: publicProcedure.input(z.object({ slug })).query(({ ctx, input }) => getCategory(ctx.db, input.slug)),
  products: publicProcedure
    .input(z.object({ categorySlug: slug.optional() }).optional())
    .query(({ ctx, input }) => listProducts(ctx.db, ctx.role, { categorySlug: input?.categorySlug })),
  product: publicProcedure.input(z.object({ slug })).query(({ ctx, input }) => getProduct(ctx.db, ctx.role, input.slug)),
})
