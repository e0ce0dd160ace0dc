import { z } from 'zod'
import { publicProcedure, router } from '../trpc.ts'
import { currentDeliverySettings } from '../services/delivery.ts'
import { deliverySummary } from '../../core/delivery.ts'
import { slugSchema } from '../../core/identifiers.ts'
import { searchInput } from '../../core/search-input.ts'
import { catalogBrowseInput } from '../../core/catalog-filters-input.ts'

const slug = slugSchema

export const catalogRouter = router({
  /** The categories, each with its cheapest panel for the caller ("Desde", docs/product.md#prices). */
  categories: publicProcedure.query(({ ctx }) => ctx.services.catalog.categories(ctx.role)),
  /** "From 40,00 € per panel" on /b2b: the lowest wholesale price on sale (null: none), stated to everyone as the spec asks. */
  wholesaleFrom: publicProcedure.query(({ ctx }) => ctx.services.catalog.wholesaleFromCents()),
  category: publicProcedure.input(z.object({ slug })).query(({ ctx, input }) => ctx.services.catalog.category(input.slug)),
  products: publicProcedure
    .input(z.object({ categorySlug: slug.optional() }).optional())
    .query(({ ctx, input }) => ctx.services.catalog.products(ctx.role, { categorySlug: input?.categorySlug })),
  /** The shop's and a category's list, filtered and sorted, with each filter's counts (docs/product.md#filters). */
  browse: publicProcedure.input(catalogBrowseInput).query(({ ctx, input }) => ctx.services.catalog.browse(ctx.role, input)),
  /** Products on sale that answer a query, best first, priced for the caller (docs/product.md#search). */
  search: publicProcedure.input(searchInput).query(({ ctx, input }) => ctx.services.catalog.search(ctx.role, input)),
  product: publicProcedure.input(z.object({ slug })).query(({ ctx, input }) => ctx.services.catalog.product(ctx.role, input.slug)),
  /** What delivery costs and takes, for the caller's prices (docs/product.md#delivery): the product pages' "Entrega desde". */
  delivery: publicProcedure.query(async ({ ctx }) => deliverySummary((await currentDeliverySettings(ctx.db)).settings, ctx.role === 'b2b')),
})
