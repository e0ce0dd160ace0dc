import { z } from 'zod'
import { messages } from './messages.ts'
import { normalizeTaxId, parseTaxId } from './tax-id.ts'
import { plainText } from './text.ts'
import { billingIdKinds, billingLimits, countryCodes, type BillingFormValues, type BillingIdKind, type BuyerIdType } from './billing-fields.ts'

/**
 * Who a full invoice is made out to (docs/product.md#invoices): one schema for checkout's "I need a
 * full invoice", the account's billing details and the admin's replacement of a simplified invoice.
 *
 * The AEAT knows a buyer by a Spanish NIF, or by another identifier with its country (`IDOtro`):
 * `02` a VAT number of another EU state, `03` a passport, `04` another official document. The form
 * asks for a tax id (a Spanish NIF, NIE or CIF, or an EU VAT number with its country code, checked
 * as the wholesale request checks it) or a foreign document with its country; what is stored says
 * which of the AEAT's kinds it is.
 */
/** A full invoice's buyer, as an order, a profile and an invoice keep it. */
export interface Billing {
  /** The person or company the invoice is made out to. */
  name: string
  /** Normalised: upper case, no separators. */
  taxId: string
  idType: BuyerIdType
  /** ISO 3166-1 alpha-2: `ES` for a NIF, the VAT number's state for `02`, the document's country otherwise. */
  country: string
}

/** A VAT number's prefix is its state's code, but for Greece (EL). */
const vatCountry = (prefix: string) => (prefix === 'EL' ? 'GR' : prefix)

/** A tax id the shop accepts, as the AEAT knows it: a Spanish NIF (with or without `ES`), or another EU state's VAT number (`02`). */
export function buyerTaxId(raw: string): Pick<Billing, 'taxId' | 'idType' | 'country'> | null {
  const parsed = parseTaxId(raw)
  if (parsed === null) return null
  const prefix = /^[A-Z]{2}/.test(parsed) ? parsed.slice(0, 2) : null
  if (prefix === null || prefix === 'ES') return { taxId: prefix ? parsed.slice(2) : parsed, idType: 'nif', country: 'ES' }
  return { taxId: parsed, idType: '02', country: vatCountry(prefix) }
}

const foreignIdPattern = /^[A-Z0-9]+$/

/** What the form sends. */
export const billingFormSchema = z.object({
  // Its length is checked with the id below, so that the form shows every field's message at once.
  name: plainText(),
  idKind: z.enum(billingIdKinds),
  taxId: z.string().max(billingLimits.taxId.max, messages.taxIdInvalid.id),
  /** Only for a passport or another foreign document. */
  country: z.string().max(2).optional(),
})
export type BillingInput = z.input<typeof billingFormSchema>

/** The form's answer as stored: each field's rule carries its message (core/messages.ts), on the field it is about. */
export const billingSchema = billingFormSchema.transform((input, ctx): Billing => {
  const { min, max } = billingLimits.name
  const validName = input.name.length >= min && input.name.length <= max
  if (!validName)
    ctx.addIssue({ code: 'custom', path: ['name'], message: input.name.length > max ? messages.nameTooLong.id : messages.billingNameRequired.id })
  if (input.idKind === 'tax_id') {
    const id = buyerTaxId(input.taxId)
    if (!id) ctx.addIssue({ code: 'custom', path: ['taxId'], message: messages.taxIdInvalid.id })
    return id && validName ? { name: input.name, ...id } : z.NEVER
  }
  const taxId = normalizeTaxId(input.taxId)
  const validId = taxId.length >= billingLimits.foreignId.min && taxId.length <= billingLimits.foreignId.max && foreignIdPattern.test(taxId)
  if (!validId) ctx.addIssue({ code: 'custom', path: ['taxId'], message: messages.foreignIdInvalid.id })
  const country = input.country ?? ''
  if (!countryCodes.includes(country)) ctx.addIssue({ code: 'custom', path: ['country'], message: messages.countryFromList.id })
  // The AEAT takes a Spanish document only as a NIF or a passport (IDOtro with ES is 03 alone).
  const spanishDocument = input.idKind === 'foreign_id' && country === 'ES'
  if (spanishDocument) ctx.addIssue({ code: 'custom', path: ['country'], message: messages.spanishDocumentIsTaxId.id })
  if (!validName || !validId || !countryCodes.includes(country) || spanishDocument) return z.NEVER
  return { name: input.name, taxId, idType: input.idKind === 'passport' ? '03' : '04', country }
})

/** The form's values for stored billing details (to edit them, or to prefill checkout). */
export function billingFormValues(billing: Billing): BillingFormValues {
  const idKind: BillingIdKind = billing.idType === '03' ? 'passport' : billing.idType === '04' ? 'foreign_id' : 'tax_id'
  return { name: billing.name, idKind, taxId: billing.taxId, country: idKind === 'tax_id' ? '' : billing.country }
}

/** A stored wholesale tax id (core/tax-id.ts) as a buyer id: what the wholesale customer was approved with. */
export function wholesaleBilling(name: string, taxId: string): Billing | null {
  const id = buyerTaxId(taxId)
  return id ? { name, ...id } : null
}
