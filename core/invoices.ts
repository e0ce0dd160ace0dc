/**
 * What an invoice holds and how its numbers and IVA are worked out (docs/product.md#invoices;
 * Spanish law): pure rules shared by the server that issues invoices and the PDF that prints them.
 */
import type { PostalAddress } from './address.ts'
import type { Billing } from './billing.ts'
import type { BuyerIdType } from './billing-fields.ts'
import type { Language } from './language.ts'

/** The series an invoice is numbered in: invoices (F1, F2, F3) and corrective invoices (R1, R5). */
export type InvoiceKind = 'invoice' | 'corrective'

/**
 * The AEAT's invoice types (docs/decisions/026): F1 a full invoice, F2 a simplified one, F3 a full
 * invoice that replaces simplified ones, R1 corrects a full invoice (F1 or F3; a refund, art. 80
 * LIVA), R5 corrects a simplified one.
 */
export const invoiceTypes = ['F1', 'F2', 'F3', 'R1', 'R5'] as const
export type InvoiceType = (typeof invoiceTypes)[number]

/** The series each type is numbered in. */
export const seriesOf = (type: InvoiceType): InvoiceKind => (type === 'R1' || type === 'R5' ? 'corrective' : 'invoice')

/** The type of the corrective invoice of an invoice of this type. */
export const correctiveTypeFor = (corrected: InvoiceType): InvoiceType => (corrected === 'F2' ? 'R5' : 'R1')

/**
 * The most a simplified invoice may be for, IVA included (art. 4.1 RD 1619/2012, retail sales):
 * 3.000 €, delivery counted. Above it the buyer must be named, with their tax id.
 */
export const simplifiedInvoiceLimitCents = 300_000

/**
 * Which invoice an order gets when it is paid, one rule for every order path: a full invoice (F1)
 * when the order names a buyer with a tax id (they asked for one, or a wholesale customer bought it)
 * or when its total is above the simplified invoice's limit; a simplified one (F2) otherwise.
 */
export function invoiceTypeFor(order: { totalCents: number; billing: Billing | null }): 'F1' | 'F2' {
  return order.billing !== null || order.totalCents > simplifiedInvoiceLimitCents ? 'F1' : 'F2'
}

/** Whether checkout must ask for the buyer's tax id: the law wants a full invoice and nobody is named yet. */
export const fullInvoiceRequired = (totalCents: number) => totalCents > simplifiedInvoiceLimitCents

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
  /** Null only for a simplified invoice of an order collected at the showroom without an address. */
  address: PostalAddress | null
  company: string | null
  taxId: string | null
  /** The AEAT's kind of the buyer's id and its country (full invoices since docs/decisions/026). */
  idType?: BuyerIdType | undefined
  country?: string | undefined
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

/** The invoice's year: the calendar year in Spain (Europe/Madrid) when it is issued. */
export function invoiceYear(issuedAt: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', year: 'numeric' }).format(issuedAt))
}

/** The PDF's file name, as the download and the email's attachment give it: `factura-2026-000123.pdf`. */
export function invoiceFileName(number: string, language: Language): string {
  return `${language === 'en' ? 'invoice' : 'factura'}-${number}.pdf`
}
