import type { Database } from '../../server/db/client.ts'
import { categories, productPhotos, products } from '../../server/db/schema/index.ts'
import { seedProducts } from '../../server/db/seed-data.ts'
import { slugify } from '../../core/catalog-admin.ts'
import type { AttributeValue, ProductAttributes } from '../../core/product-attributes.ts'

// A season's catalog for the search's tests (docs/decisions/035): 65 panels made the same way on
// every run from a fixed seed, beside the 13 the seed gives, so that rankings and counts can be
// stated exactly. Wood panels never name their category (they are found by it), marble ones do.

interface Look {
  es: string
  en: string
}

const looks: Record<string, Look[]> = {
  marmol: [
    { es: 'Calacatta', en: 'Calacatta' },
    { es: 'Carrara', en: 'Carrara' },
    { es: 'Estatuario', en: 'Statuario' },
    { es: 'Marquina', en: 'Marquina' },
    { es: 'Emperador', en: 'Emperador' },
    { es: 'Travertino', en: 'Travertine' },
    { es: 'Ónice', en: 'Onyx' },
  ],
  madera: [
    { es: 'Roble', en: 'Oak' },
    { es: 'Nogal', en: 'Walnut' },
    { es: 'Pino', en: 'Pine' },
    { es: 'Haya', en: 'Beech' },
    { es: 'Teca', en: 'Teak' },
    { es: 'Cerezo', en: 'Cherry' },
  ],
  piedra: [
    { es: 'Pizarra', en: 'Slate' },
    { es: 'Granito', en: 'Granite' },
    { es: 'Arenisca', en: 'Sandstone' },
    { es: 'Cemento', en: 'Concrete' },
    { es: 'Ladrillo', en: 'Brick' },
  ],
}

const colours: (Look & { value: AttributeValue<'colour'> })[] = [
  { es: 'Blanco', en: 'White', value: 'white' },
  { es: 'Gris', en: 'Grey', value: 'grey' },
  { es: 'Negro', en: 'Black', value: 'black' },
  { es: 'Beige', en: 'Beige', value: 'beige' },
  { es: 'Dorado', en: 'Gold', value: 'gold' },
]

const finishes: (Look & { value: AttributeValue<'finish'> })[] = [
  { es: 'Brillo', en: 'Gloss', value: 'gloss' },
  { es: 'Mate', en: 'Matte', value: 'matte' },
]

const lookOfCategory: Record<string, AttributeValue<'look'>> = { marmol: 'marble', madera: 'wood', piedra: 'stone' }

/** mulberry32: a small PRNG, the same numbers from the same seed on every machine. */
function generator(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface GeneratedPanel {
  slug: string
  categorySlug: string
  nameEs: string
  nameEn: string
  descriptionEs: string
  descriptionEn: string
  look: Look
  colour: Look
  finish: Look
  /** What the shop's filters read (core/product-attributes.ts), as the names and descriptions say. */
  attributes: ProductAttributes
  priceRetailCents: number
}

/** The 65 generated panels: each look in three (marble) or four (wood, stone) colours, one finish each. */
export function generatedPanels(seed = 37): GeneratedPanel[] {
  const random = generator(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const panels: GeneratedPanel[] = []
  for (const [categorySlug, list] of Object.entries(looks)) {
    for (const look of list) {
      const count = categorySlug === 'marmol' ? 3 : 4
      const shuffled = [...colours].sort(() => random() - 0.5).slice(0, count)
      for (const colour of shuffled) {
        const finish = pick(finishes)
        const marble = categorySlug === 'marmol'
        const nameEs = marble ? `Panel Mármol ${look.es} ${colour.es} ${finish.es}` : `Panel ${look.es} ${colour.es} ${finish.es}`
        const nameEn = marble ? `${look.en} ${colour.en} ${finish.en} Marble Panel` : `${look.en} ${colour.en} ${finish.en} Panel`
        const embossed = random() < 0.5
        panels.push({
          slug: `gen-${slugify(nameEs)}`,
          categorySlug,
          nameEs,
          nameEn,
          descriptionEs: `Lámina de PVC de 3 mm con acabado ${finish.es.toLowerCase()} y ${embossed ? 'textura en relieve' : 'superficie lisa'}, en tono ${colour.es.toLowerCase()}. Para paredes y techos de baños y cocinas.`,
          descriptionEn: `3 mm PVC sheet with a ${finish.en.toLowerCase()} finish and ${embossed ? 'an embossed texture' : 'a smooth surface'}, in a ${colour.en.toLowerCase()} tone. For the walls and ceilings of bathrooms and kitchens.`,
          look,
          colour,
          finish,
          attributes: { look: lookOfCategory[categorySlug]!, colour: colour.value, finish: finish.value, texture: embossed ? 'embossed' : 'plain' },
          priceRetailCents: 3000 + Math.floor(random() * 120) * 50,
        })
      }
    }
  }
  return panels
}

/**
 * Adds the generated panels to `db`, published with a built-in picture, and returns them; with
 * two drafts and an archived panel that would match "calacatta" first if the search saw them.
 * `copies` adds them that many times (slugs numbered after the first): a bigger catalog for
 * bench/search.ts.
 */
export async function addSearchCatalog(db: Database, { copies = 1 }: { copies?: number } = {}) {
  const panels = Array.from({ length: copies }, (_, copy) =>
    generatedPanels().map((panel) => (copy === 0 ? panel : { ...panel, slug: `${panel.slug}-${copy + 1}` })),
  ).flat()
  const ids = new Map((await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((row) => [row.slug, row.id]))
  const row = (
    panel: Pick<GeneratedPanel, 'slug' | 'categorySlug' | 'nameEs' | 'nameEn' | 'descriptionEs' | 'descriptionEn' | 'priceRetailCents'>,
  ) => ({
    slug: panel.slug,
    categoryId: ids.get(panel.categorySlug)!,
    nameEs: panel.nameEs,
    nameEn: panel.nameEn,
    descriptionEs: panel.descriptionEs,
    descriptionEn: panel.descriptionEn,
    priceRetailCents: panel.priceRetailCents,
    priceWholesaleCents: Math.round(panel.priceRetailCents * 0.6),
    dimensionsWidthCm: 122,
    dimensionsHeightCm: 300,
  })
  const hidden = [
    { slug: 'gen-draft-calacatta', nameEs: 'Calacatta Calacatta borrador', status: 'draft' as const, archivedAt: null },
    { slug: 'gen-draft-calacatta-2', nameEs: 'Calacatta Oro borrador', status: 'draft' as const, archivedAt: null },
    { slug: 'gen-archived-calacatta', nameEs: 'Calacatta Calacatta archivado', status: 'published' as const, archivedAt: new Date() },
  ].map((panel) => ({
    ...row({
      ...panel,
      categorySlug: 'marmol',
      nameEn: `${panel.nameEs} Calacatta`,
      descriptionEs: 'Calacatta calacatta.',
      descriptionEn: 'Calacatta calacatta.',
      priceRetailCents: 100,
    }),
    status: panel.status,
    archivedAt: panel.archivedAt,
    featured: true,
  }))
  const inserted = await db
    .insert(products)
    .values([...panels.map((panel) => ({ ...row(panel), ...panel.attributes, status: 'published' as const })), ...hidden])
    .returning({ id: products.id, slug: products.slug })
  await db
    .insert(productPhotos)
    .values(inserted.map(({ id }) => ({ productId: id, position: 0, imageKey: seedProducts[0]!.slug, altEs: 'Panel', altEn: 'Panel' })))
  return { panels, hiddenSlugs: hidden.map((panel) => panel.slug) }
}
