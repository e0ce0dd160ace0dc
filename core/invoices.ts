/**
 * What an invoice holds and how its numbers and IVA are worked out (docs/product.md#invoices;
 * Spanish law): pure rules shared by the server that issues invoices and the PDF that prints them.
 */
import type { PostalAddress } from './address.ts'
import type { Language } from './language.ts'

export type InvoiceKind = 'invoice' | 'corrective'

/** The seller as printed: copied from the company configuration when the invoice is issued. */
export interface InvoiceSeller {
  legalName: string
  taxId: string
  address: { street: string; postalCode: string; city: string; province: string; country: string }
}

/** The buyer as printed: copied from the order (and, for wholesale customers, their approved company). */
export interface InvoiceBuyer {
  name: string
  email: string
  address: PostalAddress
  company: string | null
  taxId: string | null
}

export interface InvoiceLine {
  name: string
  quantity: number
  /** IVA included, as the shop sold it; negative on a corrective invoice. */
  unitPriceCents: number
  amountCents: number
}

/** IVA at 21 %, the general Spanish rate, unless configured otherwise. */
export const defaultTaxRateBasisPoints = 2100

/**
 * `2026-000123` for invoices and `R2026-000001` for corrective invoices: each series counts from 1
 * every year.
 */
export function invoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${kind === 'corrective' ? 'R' : ''}${year}-${String(sequence).padStart(6, '0')}`
}

/** The shape of an invoice number in a URL (`/invoices/<number>.pdf`). */
export const invoiceNumberPattern = /^R?\d{4}-\d{6}$/

/**
 * Splits a price that includes IVA into the taxable base and the IVA: the base is rounded to the
 * cent and the IVA is the rest, so base + IVA is always exactly the total the customer paid.
 */
export function splitIncludedTax(totalCents: number, rateBasisPoints: number): { taxableBaseCents: number; taxCents: number } {
  const sign = totalCents < 0 ? -1 : 1
  const gross = Math.abs(totalCents)
  const base = Math.round((gross * 10_000) / (10_000 + rateBasisPoints))
  return { taxableBaseCents: sign * base, taxCents: sign * (gross - base) }
}

/** The invoice's year: the calendar year in Spain (Europe/Madrid) when it is issued. */
export function invoiceYear(issuedAt: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', year: 'numeric' }).format(issuedAt))
}

/** The PDF's file name, as the download and the email's attachment give it: `factura-2026-000123.pdf`. */
export function invoiceFileName(number: string, language: Language): string {
  return `${language === 'en' ? 'invoice' : 'factura'}-${number}.pdf`
}
