import { z } from 'zod'
import { messages } from './messages.ts'
import { messageEuros } from './money.ts'
import { plainText } from './text.ts'
import { photoAltMax } from './pictures.ts'
import { isAttributeValue, type AttributeName, type AttributeValue } from './product-attributes.ts'
import { leadTimeLimits } from './availability.ts'

// The owner's catalog (docs/product.md#owner): one schema each for the admin's forms and their
// procedures. The forms send what was typed (prices in euros as text, sizes as text); the schemas
// turn it into what the database keeps (integer cents, integer centimetres) and refuse anything
// else with a message in the admin's language, next to the field.

/** A product is a draft (admins only) until published (docs/product.md#owner). */
export const productStatuses = ['draft', 'published'] as const
export type ProductStatus = (typeof productStatuses)[number]

export const catalogLimits = {
  slug: { max: 80 },
  name: { max: 120 },
  description: { max: 4000 },
  /**
   * 10.000,00 € per panel: about a hundred times the dearest real panel, so only a typo reaches it;
   * 999 of them (999,000,000 cents) stay under half of a 32-bit integer. What an order may total is
   * core/totals.ts's rule, checked at checkout.
   */
  priceCents: { max: 1_000_000 },
  sizeCm: { max: 10_000 },
  weightKg: { max: 9_999.99 },
} as const

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** "Mármol Calacatta Oro" → "marmol-calacatta-oro": the address the form proposes from the Spanish name. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ñ/g, 'n')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, catalogLimits.slug.max)
    .replace(/-+$/, '')
}

const slug = z.string().trim().toLowerCase().max(catalogLimits.slug.max, messages.slugFormat.id).regex(slugPattern, messages.slugFormat.id)

const name = plainText().min(1, messages.required.id).max(catalogLimits.name.max, messages.textTooLong.id)
const description = plainText({ multiline: true }).min(1, messages.required.id).max(catalogLimits.description.max, messages.textTooLong.id)
// A draft may wait for its translation and its descriptions; only the Spanish name (its slug's
// source, its line in the admin's list) is needed to save one. Publishing asks for the rest.
const draftName = plainText().max(catalogLimits.name.max, messages.textTooLong.id)
const draftDescription = plainText({ multiline: true }).max(catalogLimits.description.max, messages.textTooLong.id)

/** "24,90", "24.90", "24" → 2490 cents; never through a float, so 0.1 + 0.2 never happens. */
export function eurosToCents(typed: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(typed.trim())
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** 2490 → "24,90" (Spanish) or "24.90" (English): what a price field shows to be edited. */
export function centsToEuroInput(cents: number, decimalSeparator: ',' | '.'): string {
  const whole = Math.trunc(cents / 100)
  const rest = String(cents % 100).padStart(2, '0')
  return `${whole}${decimalSeparator}${rest}`
}

const price = z
  .string()
  .trim()
  .transform((typed, ctx) => {
    const cents = eurosToCents(typed)
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: messages.priceFormat.id })
      return z.NEVER
    }
    if (cents > catalogLimits.priceCents.max) {
      ctx.addIssue({ code: 'custom', message: messages.priceTooHigh.id, params: { max: messageEuros(catalogLimits.priceCents.max) } })
      return z.NEVER
    }
    if (cents <= 0) {
      ctx.addIssue({ code: 'custom', message: messages.pricePositive.id })
      return z.NEVER
    }
    return cents
  })

const sizeCm = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, messages.sizeFormat.id)
  .transform(Number)
  .refine((cm) => cm >= 1 && cm <= catalogLimits.sizeCm.max, messages.sizeFormat.id)

/** Optional: empty, or kilograms with up to 2 decimals (kept as the numeric column's text, "2.50"). */
const weightKg = z
  .string()
  .trim()
  .transform((typed, ctx) => {
    if (typed === '') return null
    const match = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(typed)
    if (!match || (Number(match[1]) === 0 && Number(match[2] ?? 0) === 0)) {
      ctx.addIssue({ code: 'custom', message: messages.weightFormat.id })
      return z.NEVER
    }
    return `${Number(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`
  })

/**
 * Optional: '' (not said, kept as null) or one of the attribute's values (docs/product.md#filters).
 * The form offers only those; anything else comes from elsewhere and is refused.
 */
function attribute<A extends AttributeName>(name: A) {
  return z.string().transform((chosen, ctx): AttributeValue<A> | null => {
    if (chosen === '') return null
    if (isAttributeValue(name, chosen)) return chosen
    ctx.addIssue({ code: 'custom', message: messages.attributeUnknown.id })
    return z.NEVER
  })
}

/** In stock, or made to order in a number of working days (core/availability.ts). */
export const productAvailabilities = ['in_stock', 'made_to_order'] as const
export type ProductAvailability = (typeof productAvailabilities)[number]

/** " 10 " → 10: whole working days within `leadTimeLimits`, or null for anything else. */
export function leadTimeDaysOf(typed: string): number | null {
  const trimmed = typed.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const days = Number(trimmed)
  return days >= leadTimeLimits.min && days <= leadTimeLimits.max ? days : null
}

// The form's fields as typed, each checked on its own; `productSchema` adds the rules across fields.
const productFormSchema = z.object({
  slug,
  nameEs: name,
  nameEn: draftName,
  descriptionEs: draftDescription,
  descriptionEn: draftDescription,
  priceRetail: price,
  priceWholesale: price,
  featured: z.boolean(),
  widthCm: sizeCm,
  heightCm: sizeCm,
  weightKg,
  categoryId: z.uuid(messages.categoryRequired.id),
  // Not needed to publish: a panel without one is only missing from that filter's results.
  look: attribute('look'),
  colour: attribute('colour'),
  finish: attribute('finish'),
  texture: attribute('texture'),
  availability: z.enum(productAvailabilities),
  // Read only when made to order (below): what an in-stock product's field holds is ignored.
  leadTimeDays: z.string(),
})

/**
 * Whether the availability rule can read its two fields: neither refused, nor the whole input. It
 * needs nothing else, so it speaks beside the other fields' refusals (a bad price keeps the rules
 * of a whole product from running) rather than once they are fixed.
 */
function availabilityReadable(payload: z.core.ParsePayload): boolean {
  return payload.issues.every((issue) => {
    const field = issue.path?.[0]
    return field !== undefined && field !== 'availability' && field !== 'leadTimeDays'
  })
}

export const productSchema = productFormSchema
  .superRefine((product, ctx) => {
    if (product.priceWholesale > product.priceRetail) {
      ctx.addIssue({ code: 'custom', path: ['priceWholesale'], message: messages.wholesaleAboveRetail.id })
    }
  })
  .superRefine(
    (product, ctx) => {
      if (product.availability === 'made_to_order' && leadTimeDaysOf(product.leadTimeDays) === null) {
        ctx.addIssue({ code: 'custom', path: ['leadTimeDays'], message: messages.leadTimeFormat.id, params: { ...leadTimeLimits } })
      }
    },
    { when: availabilityReadable },
  )
  // The database keeps the days, null for in stock; the choice itself is not stored.
  .transform(({ availability, leadTimeDays, ...product }) => ({
    ...product,
    leadTimeDays: availability === 'made_to_order' ? leadTimeDaysOf(leadTimeDays) : null,
  }))

/** What the product form holds: every field as typed. */
export type ProductInput = z.input<typeof productSchema>
/** What the database keeps: cents, centimetres, kilograms as numeric text, working days or null. */
export type ProductValues = z.output<typeof productSchema>
export type ProductField = keyof ProductInput
export const productFields = Object.keys(productFormSchema.shape) as ProductField[]
export function isProductField(key: unknown): key is ProductField {
  return typeof key === 'string' && Object.hasOwn(productFormSchema.shape, key)
}
export const emptyProduct: ProductInput = {
  slug: '',
  nameEs: '',
  nameEn: '',
  descriptionEs: '',
  descriptionEn: '',
  priceRetail: '',
  priceWholesale: '',
  featured: false,
  widthCm: '',
  heightCm: '',
  weightKg: '',
  categoryId: '',
  look: '',
  colour: '',
  finish: '',
  texture: '',
  availability: 'in_stock',
  leadTimeDays: '',
}

/** What a product needs before it is published, in the order the admin is told. */
export const publishRequirements = ['nameEs', 'nameEn', 'descriptionEs', 'descriptionEn', 'photo', 'photoAlt'] as const
export type PublishRequirement = (typeof publishRequirements)[number]

/** What publishing reads of a product's photos: their text alternatives. */
export interface PhotoTexts {
  altEs: string
  altEn: string
}

/**
 * What still keeps a product from the shop (docs/product.md#owner): its names and descriptions in
 * both languages, at least one photo, and every photo's text alternative in both languages. Empty:
 * it can be published. The server refuses to publish (or to empty what a published product needs)
 * by this rule; the edit page lists it beside the Publish button.
 */
export function publishProblems(product: {
  nameEs: string
  nameEn: string
  descriptionEs: string
  descriptionEn: string
  photos: readonly PhotoTexts[]
}): PublishRequirement[] {
  return publishRequirements.filter((requirement) => {
    if (requirement === 'photo') return product.photos.length === 0
    if (requirement === 'photoAlt') return product.photos.some((photo) => photo.altEs.trim() === '' || photo.altEn.trim() === '')
    return product[requirement].trim() === ''
  })
}

/** A photo's text alternatives, as the admin types them (empty while a draft waits for them). */
export const photoTextsSchema = z.object({
  altEs: plainText().max(photoAltMax, messages.textTooLong.id),
  altEn: plainText().max(photoAltMax, messages.textTooLong.id),
})

export const categorySchema = z.object({
  nameEs: name,
  nameEn: name,
  descriptionEs: description,
  descriptionEn: description,
})
export type CategoryInput = z.input<typeof categorySchema>
export type CategoryField = keyof CategoryInput
export function isCategoryField(key: unknown): key is CategoryField {
  return typeof key === 'string' && Object.hasOwn(categorySchema.shape, key)
}
export const emptyCategory: CategoryInput = { nameEs: '', nameEn: '', descriptionEs: '', descriptionEn: '' }
