import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Language } from '../../../../core/language.ts'
import { centsToEuroInput, type ProductField, type ProductInput } from '../../../../core/catalog-admin.ts'
import { attributeNameLabels } from '../../../../core/product-attribute-labels.ts'
import type { RouterOutputs } from '../../../lib/trpc.ts'

export type AdminProduct = RouterOutputs['admin']['products']['get']['product']

/** The product form's fields in the order it shows them: the first one to fix gets the focus. */
export const productFieldOrder: readonly ProductField[] = [
  'nameEs',
  'nameEn',
  'slug',
  'descriptionEs',
  'descriptionEn',
  'priceRetail',
  'priceWholesale',
  'featured',
  'widthCm',
  'heightCm',
  'weightKg',
  'categoryId',
  'look',
  'colour',
  'finish',
  'texture',
  'availability',
  'leadTimeDays',
]

/** Each field's label: the form's, and the history's for the column it is saved in. */
export const productFieldLabels: Record<ProductField, MessageDescriptor> = {
  nameEs: msg`Name in Spanish`,
  nameEn: msg`Name in English`,
  slug: msg`Web address (slug)`,
  descriptionEs: msg`Description in Spanish`,
  descriptionEn: msg`Description in English`,
  priceRetail: msg`Retail price (€)`,
  priceWholesale: msg`Wholesale price (€)`,
  featured: msg`Featured in the shop`,
  widthCm: msg`Width (cm)`,
  heightCm: msg`Height (cm)`,
  weightKg: msg`Weight (kg, optional)`,
  categoryId: msg`Category`,
  // The shop's filters name them the same way.
  look: attributeNameLabels.look,
  colour: attributeNameLabels.colour,
  finish: attributeNameLabels.finish,
  texture: attributeNameLabels.texture,
  availability: msg`Availability`,
  leadTimeDays: msg`Working days to make it`,
}

/** The history names the products table's columns (server/services/catalog-admin.ts): each one's form field. */
const fieldOfColumn: Record<string, ProductField> = {
  slug: 'slug',
  nameEs: 'nameEs',
  nameEn: 'nameEn',
  descriptionEs: 'descriptionEs',
  descriptionEn: 'descriptionEn',
  priceRetailCents: 'priceRetail',
  priceWholesaleCents: 'priceWholesale',
  featured: 'featured',
  dimensionsWidthCm: 'widthCm',
  dimensionsHeightCm: 'heightCm',
  weightKg: 'weightKg',
  categoryId: 'categoryId',
  look: 'look',
  colour: 'colour',
  finish: 'finish',
  texture: 'texture',
  leadTimeDays: 'leadTimeDays',
}

export function fieldOfAuditColumn(column: string): ProductField | undefined {
  return Object.hasOwn(fieldOfColumn, column) ? fieldOfColumn[column] : undefined
}

/** The decimal separator the admin types in their language. */
export const decimalSeparator = (language: Language): ',' | '.' => (language === 'es' ? ',' : '.')

/** "2.50" (the numeric column's text) → "2,50" / "2.50": the weight as the admin types it. */
export function weightInput(weightKg: string | null, language: Language): string {
  return weightKg === null ? '' : weightKg.replace('.', decimalSeparator(language))
}

/** A saved product as its edit form shows it: prices and weight in the admin's decimal notation, its availability as chosen. */
export function productFormValues(product: AdminProduct, language: Language): ProductInput {
  const separator = decimalSeparator(language)
  return {
    slug: product.slug,
    nameEs: product.nameEs,
    nameEn: product.nameEn,
    descriptionEs: product.descriptionEs,
    descriptionEn: product.descriptionEn,
    priceRetail: centsToEuroInput(product.priceRetailCents, separator),
    priceWholesale: centsToEuroInput(product.priceWholesaleCents, separator),
    featured: product.featured,
    widthCm: String(product.widthCm),
    heightCm: String(product.heightCm),
    weightKg: weightInput(product.weightKg, language),
    categoryId: product.categoryId,
    // Not said yet: the select's first option.
    look: product.look ?? '',
    colour: product.colour ?? '',
    finish: product.finish ?? '',
    texture: product.texture ?? '',
    availability: product.leadTimeDays === null ? 'in_stock' : 'made_to_order',
    // In stock: an empty days field, there if the admin makes it made to order.
    leadTimeDays: product.leadTimeDays === null ? '' : String(product.leadTimeDays),
  }
}
