import type { Database } from '../../db/client.ts'
import { findInvoice, invoiceReferences, type StoredInvoice } from '../invoices.ts'
import { renderInvoicePdf } from './render.ts'

export { renderInvoicePdf, type InvoiceReferences } from './render.ts'

/**
 * An invoice's PDF, rendered on each request: an issued invoice never changes, and drawing one
 * takes milliseconds, so nothing is kept.
 */
export async function pdfOfInvoice(db: Database, invoice: StoredInvoice): Promise<Buffer> {
  return renderInvoicePdf(invoice, await invoiceReferences(db, invoice))
}

/** The PDF of the stored invoice with this number; null when there is none. Callers check who may read it. */
export async function invoicePdf(db: Database, number: string): Promise<Buffer | null> {
  const invoice = await findInvoice(db, number)
  return invoice ? pdfOfInvoice(db, invoice) : null
}
