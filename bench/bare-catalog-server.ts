import Fastify from 'fastify'
import postgres from 'postgres'
import type { ProductView } from '../server/services/catalog.ts'

// The reference for `catalog.products`: a bare Fastify route on postgres-js that runs the same
// query the shop's catalog read runs (products with their category, featured first, in catalog
// order) on every call, and answers the same JSON tRPC sends for it.
const sql = postgres(process.env.DATABASE_URL ?? '', { max: 10, onnotice: () => {} })

/** A row as postgres-js reads it: the view's fields, its category flattened, the weight as numeric text. */
type Row = Omit<ProductView, 'priceWholesaleCents' | 'weightKg' | 'category'> & {
  weightKg: string | null
  categoryId: string
  categorySlug: string
  categoryNameEs: string
  categoryNameEn: string
}

const app = Fastify({ logger: false })
app.get('/healthz', async () => ({ status: 'ok' }))
app.get('/trpc/catalog.products', async () => {
  const rows = await sql<Row[]>`
    select p.id, p.slug, p.name_es as "nameEs", p.name_en as "nameEn", p.description_es as "descriptionEs",
      p.description_en as "descriptionEn", p.price_retail_cents as "priceRetailCents", p.featured,
      p.dimensions_width_cm as "widthCm", p.dimensions_height_cm as "heightCm", p.weight_kg as "weightKg",
      (select json_build_object('imageId', f.file_id, 'imageKey', f.image_key, 'altEs', f.alt_es, 'altEn', f.alt_en)
        from product_photos f where f.product_id = p.id order by f.position, f.id limit 1) as photo,
      c.id as "categoryId", c.slug as "categorySlug", c.name_es as "categoryNameEs", c.name_en as "categoryNameEn"
    from products p inner join categories c on p.category_id = c.id
    where p.archived_at is null and p.status = 'published'
    order by p.featured desc, c.display_order asc, p.price_retail_cents asc, p.slug asc`
  const data: ProductView[] = rows.map(({ categoryId, categorySlug, categoryNameEs, categoryNameEn, weightKg, ...product }) => ({
    ...product,
    category: { id: categoryId, slug: categorySlug, nameEs: categoryNameEs, nameEn: categoryNameEn },
    weightKg: weightKg === null ? null : Number(weightKg),
  }))
  return { result: { data } }
})
app.addHook('onClose', async () => sql.end({ timeout: 5 }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
