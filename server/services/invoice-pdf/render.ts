import PDFDocument from 'pdfkit'
import type { invoices } from '../../db/schema/index.ts'
import { i18nOf } from '../../i18n.ts'
import { addressLines } from '../../../core/address.ts'
import { countryCodeOf } from '../../../core/shipping.ts'
import type { Language } from '../../../core/language.ts'
import { formatEuros, formatRate, numberLocales } from '../../../core/money.ts'
import { surchargeLabel } from '../../../core/equivalence-surcharge.ts'
import { palette } from '../../../core/palette.ts'
import { qrPng } from '../verifactu/qr.ts'

// The invoice as a PDF (docs/product.md#invoices; Spanish law), drawn by pdfkit from the stored
// invoice only: what was copied when it was issued is what it prints, in the customer's language.
// Texts: ids here, Spanish in the catalogs.
const text = {
  invoice: /*i18n*/ { id: 'invoice.title', message: 'Invoice' },
  simplified: /*i18n*/ { id: 'invoice.simplified_title', message: 'Simplified invoice' },
  corrective: /*i18n*/ { id: 'invoice.corrective_title', message: 'Corrective invoice' },
  replaces: /*i18n*/ { id: 'invoice.replaces', message: 'Replaces simplified invoice {number}' },
  vatNumber: /*i18n*/ { id: 'invoice.vat_number', message: 'VAT number: {taxId}' },
  passport: /*i18n*/ { id: 'invoice.passport', message: 'Passport ({country}): {taxId}' },
  foreignId: /*i18n*/ { id: 'invoice.foreign_id', message: 'Identity document ({country}): {taxId}' },
  number: /*i18n*/ { id: 'invoice.number', message: 'Invoice number' },
  date: /*i18n*/ { id: 'invoice.issue_date', message: 'Issue date' },
  operationDate: /*i18n*/ { id: 'invoice.operation_date', message: 'Date of the operation' },
  order: /*i18n*/ { id: 'invoice.order', message: 'Order number' },
  taxId: /*i18n*/ { id: 'invoice.tax_id', message: 'NIF/CIF: {taxId}' },
  buyer: /*i18n*/ { id: 'invoice.buyer', message: 'Billed to' },
  corrects: /*i18n*/ { id: 'invoice.corrects', message: 'Corrects invoice {number}' },
  reason: /*i18n*/ { id: 'invoice.refund_reason', message: 'Reason: full refund of order {order}' },
  partialReason: /*i18n*/ { id: 'invoice.partial_refund_reason', message: 'Reason: partial refund of order {order} ({reason})' },
  description: /*i18n*/ { id: 'invoice.description', message: 'Description' },
  quantity: /*i18n*/ { id: 'invoice.quantity', message: 'Quantity' },
  // RD 1619/2012 art. 6.1.f: the unit price before tax; the shop's prices include IVA, so both show.
  unitNet: /*i18n*/ { id: 'invoice.unit_price_net', message: 'Price excl. VAT' },
  unitPrice: /*i18n*/ { id: 'invoice.unit_price_gross', message: 'Price incl. VAT' },
  amount: /*i18n*/ { id: 'invoice.amount', message: 'Amount' },
  taxableBase: /*i18n*/ { id: 'invoice.taxable_base', message: 'Taxable base' },
  vat: /*i18n*/ { id: 'invoice.vat', message: 'VAT (IVA) {rate}' },
  total: /*i18n*/ { id: 'invoice.total', message: 'Total' },
  vatIncluded: /*i18n*/ { id: 'invoice.vat_included', message: 'Prices include VAT (IVA) at {rate}. Amounts in euros.' },
  surchargeOnTop: /*i18n*/ {
    id: 'invoice.surcharge_on_top',
    message: 'The buyer is under the recargo de equivalencia: {rate} of the taxable base, added to the prices.',
  },
  page: /*i18n*/ { id: 'invoice.page', message: 'Page {page} of {pages}' },
  voided: /*i18n*/ { id: 'invoice.voided', message: 'VOIDED: issued in error' },
}

export type Invoice = typeof invoices.$inferSelect

/** What the invoice prints that it does not hold: its order's number, the invoice a corrective one corrects, the simplified one an F3 replaces. */
export interface InvoiceReferences {
  orderNumber: string
  correctsNumber: string | null
  replacesNumber: string | null
  /** The AEAT's verification address of its VERI*FACTU record, printed as the QR code; null: no QR. */
  verificationUrl: string | null
  /** Voided by a registro de anulación (issued in error): said under the title. */
  voided: boolean
  /** A corrective invoice's refund: all of the invoice at once, or a part and why (absent: the whole). */
  refund?: { full: boolean; reason: string | null } | null
}

// The VERI*FACTU block's texts are the law's own words (Orden HAC/1177/2024 art. 20 and the AEAT's
// QR document §3), printed in Spanish on every invoice, whatever its language.
const qrHeading = 'QR tributario:'
const verifiableLegend = 'Factura verificable en la sede electrónica de la AEAT'
/** 35 mm: the QR is 30 to 40 mm wide. */
const qrSize = (35 / 25.4) * 72

// The standard PDF fonts (as the catalog uses) encode WinAnsi only: beyond it, a letter is printed
// without its accent, and anything else as "?", rather than as a wrong glyph.
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')
const substitutes: Record<string, string> = {
  '\u202f': '\u00a0',
  '\u2009': ' ',
  '\u2212': '-',
  '\u2011': '-',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
}
const encodable = (char: string) => {
  const code = char.codePointAt(0) ?? 0
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || char === '\n' || winAnsiExtras.has(char)
}

/** Text as the standard fonts can print it. */
export function printable(value: string): string {
  let out = ''
  for (const char of value) {
    if (encodable(char)) {
      out += char
      continue
    }
    const substitute = substitutes[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '')
    out += substitute !== '' && [...substitute].every(encodable) ? substitute : '?'
  }
  return out
}

const A4 = { width: 595.28, height: 841.89 }
const margin = 48
const contentWidth = A4.width - 2 * margin
/** Room kept at the foot of every page for its footer. */
const footerSpace = 36
const pageBottom = A4.height - margin - footerSpace

// The lines' table: the description takes what the figures leave.
const gap = 10
const columns = { quantity: 50, unitNet: 74, unitPrice: 74, amount: 78 }
const descriptionWidth = contentWidth - columns.quantity - columns.unitNet - columns.unitPrice - columns.amount - 4 * gap
const x = {
  description: margin,
  quantity: margin + descriptionWidth + gap,
  unitNet: margin + descriptionWidth + gap + columns.quantity + gap,
  unitPrice: margin + descriptionWidth + gap + columns.quantity + gap + columns.unitNet + gap,
  amount: margin + contentWidth - columns.amount,
}

/** Renders one stored invoice in its language; the same invoice gives the same text. */
export async function renderInvoicePdf(invoice: Invoice, refs: InvoiceReferences): Promise<Buffer> {
  const language: Language = invoice.language
  const i18n = i18nOf(language)
  const t = (message: { id: string; message: string }, values?: Record<string, unknown>) =>
    printable(i18n._(message.id, values, { message: message.message }))
  const euros = (cents: number) => printable(formatEuros(cents, language))
  // Up to 4 decimals: a price with IVA divided by (1 + rate) rarely falls on a cent.
  const netUnit = new Intl.NumberFormat(numberLocales[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  })
  const net = (cents: number) => printable(netUnit.format(cents / 100 / (1 + invoice.taxRateBasisPoints / 10_000)))
  const rate = printable(formatRate(invoice.taxRateBasisPoints, language))
  const day = new Intl.DateTimeFormat(numberLocales[language], { dateStyle: 'long', timeZone: 'Europe/Madrid' })
  const issued = day.format(invoice.issuedAt)
  const corrective = invoice.kind === 'corrective'
  const title = t(corrective ? text.corrective : invoice.aeatType === 'F2' ? text.simplified : text.invoice)
  // A simplified invoice names no buyer (art. 7 RD 1619/2012), nor does the corrective one of it.
  const namesBuyer = invoice.aeatType !== 'F2' && invoice.aeatType !== 'R5'
  const { seller, buyer } = invoice
  const countries = new Intl.DisplayNames([numberLocales[language]], { type: 'region' })
  /** A country in the invoice's language: stored as its code, or (invoices issued before) as its Spanish name. */
  const regionName = (stored: string) => {
    const code = countryCodeOf(stored)
    return /^[A-Z]{2}$/.test(code) ? (countries.of(code) ?? stored) : stored
  }
  /** The buyer's id as the AEAT knows it: a NIF, another EU state's VAT number, or a document with its country. */
  const buyerId = (taxId: string) => {
    const country = buyer.country ? (countries.of(buyer.country) ?? buyer.country) : ''
    if (buyer.idType === '02') return t(text.vatNumber, { taxId })
    if (buyer.idType === '03') return t(text.passport, { taxId, country })
    if (buyer.idType === '04') return t(text.foreignId, { taxId, country })
    return t(text.taxId, { taxId })
  }

  const doc = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages: true,
    lang: language,
    info: {
      Title: `${title} ${invoice.number}`,
      Author: printable(seller.legalName),
      Subject: `${title} ${invoice.number}`,
      CreationDate: invoice.issuedAt,
      ModDate: invoice.issuedAt,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })

  // The QR code first, centred at the top of the first page, under its heading and over the
  // legend, with white space around it (the AEAT's QR document §3).
  let headerTop = margin
  if (refs.verificationUrl) {
    const png = await qrPng(refs.verificationUrl)
    doc.fillColor(palette.text).font('Helvetica-Bold').fontSize(10.5).text(qrHeading, margin, margin, { width: contentWidth, align: 'center' })
    const qrTop = doc.y + 6
    doc.image(png, margin + (contentWidth - qrSize) / 2, qrTop, { width: qrSize, height: qrSize })
    doc
      .font('Helvetica-Bold')
      .fontSize(10.5)
      .text(printable(verifiableLegend), margin, qrTop + qrSize + 6, { width: contentWidth, align: 'center' })
    headerTop = doc.y + 18
  }

  // The seller at the top left, as the law wants it: legal name, tax id, address.
  const leftWidth = contentWidth * 0.55
  doc.fillColor(palette.text).font('Helvetica-Bold').fontSize(15).text(printable(seller.legalName), margin, headerTop, { width: leftWidth })
  doc.moveDown(0.3).font('Helvetica').fontSize(9.5).fillColor(palette.textMuted)
  const sellerLines = [
    t(text.taxId, { taxId: seller.taxId }),
    seller.address.street,
    `${seller.address.postalCode} ${seller.address.city} (${seller.address.province})`,
    regionName(seller.address.country),
  ]
  for (const line of sellerLines) doc.text(printable(line), { width: leftWidth })
  const sellerBottom = doc.y

  // The document's own facts at the top right.
  const rightX = margin + leftWidth + 16
  const rightWidth = contentWidth - leftWidth - 16
  doc
    .fillColor(palette.accentStrong)
    .font('Helvetica-Bold')
    .fontSize(corrective ? 17 : 22)
    .text(title, rightX, headerTop, { width: rightWidth, align: 'right' })
  doc.moveDown(0.4)
  if (refs.voided) {
    doc.fillColor(palette.danger).font('Helvetica-Bold').fontSize(11).text(t(text.voided), rightX, doc.y, { width: rightWidth, align: 'right' })
    doc.moveDown(0.3)
  }
  const facts: Array<[string, string]> = [
    [t(text.number), invoice.number],
    [t(text.date), printable(issued)],
    // RD 1619/2012 art. 6.1.k: the operation's day when it is not the issue's.
    ...(invoice.operatedAt ? [[t(text.operationDate), printable(day.format(invoice.operatedAt))] as [string, string]] : []),
    [t(text.order), printable(refs.orderNumber)],
  ]
  for (const [label, value] of facts) {
    doc.fillColor(palette.textMuted).font('Helvetica').fontSize(8.5).text(label, rightX, doc.y, { width: rightWidth, align: 'right' })
    doc.fillColor(palette.text).font('Helvetica-Bold').fontSize(10.5).text(value, rightX, doc.y, { width: rightWidth, align: 'right' })
    doc.moveDown(0.25)
  }
  let y = Math.max(sellerBottom, doc.y) + 18
  rule(doc, y)
  y += 14

  // The buyer as copied when the invoice was issued.
  doc.x = margin
  doc.y = y
  if (namesBuyer) {
    doc.fillColor(palette.textMuted).font('Helvetica-Bold').fontSize(8.5).text(t(text.buyer).toUpperCase(), margin, y)
    doc.moveDown(0.3).fillColor(palette.text).font('Helvetica-Bold').fontSize(11).text(printable(buyer.name), { width: leftWidth })
    doc.font('Helvetica').fontSize(10)
    const buyerLines = [
      ...(buyer.company ? [buyer.company] : []),
      ...(buyer.taxId ? [buyerId(buyer.taxId)] : []),
      ...(buyer.address ? addressLines(i18n, buyer.address) : []),
      buyer.email,
    ]
    for (const line of buyerLines) doc.text(printable(line), { width: leftWidth })
  }
  if (refs.replacesNumber) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10.5).fillColor(palette.text)
    doc.text(t(text.replaces, { number: refs.replacesNumber }), margin, doc.y, { width: contentWidth })
  }

  if (corrective) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10.5).fillColor(palette.text)
    doc.text(t(text.corrects, { number: refs.correctsNumber ?? '' }), margin, doc.y, { width: contentWidth })
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        refs.refund && !refs.refund.full
          ? t(text.partialReason, { order: refs.orderNumber, reason: printable(refs.refund.reason ?? '') })
          : t(text.reason, { order: refs.orderNumber }),
        { width: contentWidth },
      )
  }
  y = doc.y + 22

  // The lines: a row never splits, and the header repeats on every page the table reaches.
  const tableHeader = () => {
    doc.fillColor(palette.textMuted).font('Helvetica-Bold').fontSize(8.5)
    doc.text(t(text.description).toUpperCase(), x.description, y, { width: descriptionWidth, lineBreak: false })
    doc.text(t(text.quantity).toUpperCase(), x.quantity, y, { width: columns.quantity, align: 'right', lineBreak: false })
    doc.text(t(text.unitNet).toUpperCase(), x.unitNet, y, { width: columns.unitNet, align: 'right', lineBreak: false })
    doc.text(t(text.unitPrice).toUpperCase(), x.unitPrice, y, { width: columns.unitPrice, align: 'right', lineBreak: false })
    doc.text(t(text.amount).toUpperCase(), x.amount, y, { width: columns.amount, align: 'right', lineBreak: false })
    y += 16
    rule(doc, y, palette.text)
    y += 8
  }
  tableHeader()
  const quantities = new Intl.NumberFormat(numberLocales[language])
  for (const line of invoice.lines) {
    const name = printable(line.name)
    doc.font('Helvetica').fontSize(10)
    const height = Math.max(doc.heightOfString(name, { width: descriptionWidth }), 12)
    if (y + height > pageBottom) {
      doc.addPage()
      y = margin
      tableHeader()
    }
    doc.fillColor(palette.text).font('Helvetica').fontSize(10)
    doc.text(name, x.description, y, { width: descriptionWidth })
    doc.text(printable(quantities.format(line.quantity)), x.quantity, y, { width: columns.quantity, align: 'right', lineBreak: false })
    doc.text(net(line.unitPriceCents), x.unitNet, y, { width: columns.unitNet, align: 'right', lineBreak: false })
    doc.text(euros(line.unitPriceCents), x.unitPrice, y, { width: columns.unitPrice, align: 'right', lineBreak: false })
    doc.text(euros(line.amountCents), x.amount, y, { width: columns.amount, align: 'right', lineBreak: false })
    y += height + 5
    rule(doc, y)
    y += 6
  }

  // The totals and the IVA note, kept together.
  const surcharged = invoice.surchargeRateBasisPoints > 0
  const surchargeRate = printable(formatRate(invoice.surchargeRateBasisPoints, language))
  const totalsHeight = (surcharged ? 4 : 3) * 20 + 62
  if (y + totalsHeight > pageBottom) {
    doc.addPage()
    y = margin
  }
  y += 8
  const labelX = margin + contentWidth - 260
  const totals: Array<[string, string, boolean]> = [
    [t(text.taxableBase), euros(invoice.taxableBaseCents), false],
    [t(text.vat, { rate }), euros(invoice.taxCents), false],
    ...(surcharged ? [[t(surchargeLabel, { rate: surchargeRate }), euros(invoice.surchargeCents), false] as [string, string, boolean]] : []),
    [t(text.total), euros(invoice.totalCents), true],
  ]
  for (const [label, value, strong] of totals) {
    if (strong) {
      rule(doc, y - 4, palette.text, labelX)
      y += 4
    }
    doc
      .fillColor(palette.text)
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 12 : 10.5)
    doc.text(label, labelX, y, { width: 260 - columns.amount - gap, lineBreak: false })
    doc.text(value, x.amount, y, { width: columns.amount, align: 'right', lineBreak: false })
    y += 20
  }
  doc
    .fillColor(palette.textMuted)
    .font('Helvetica')
    .fontSize(9)
    .text(t(text.vatIncluded, { rate }), margin, y + 12, { width: contentWidth })
  if (surcharged) doc.text(t(text.surchargeOnTop, { rate: surchargeRate }), { width: contentWidth })

  // Footers, now that the page count is known.
  const range = doc.bufferedPageRange()
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i)
    // Below the bottom margin: without this, pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0
    const footer = [
      printable(seller.legalName),
      t(text.taxId, { taxId: seller.taxId }),
      `${title} ${invoice.number}`,
      t(text.page, { page: i + 1, pages: range.count }),
    ]
    doc
      .fillColor(palette.textMuted)
      .font('Helvetica')
      .fontSize(8)
      .text(footer.join('  ·  '), margin, A4.height - margin + 8, { width: contentWidth, align: 'center', lineBreak: false })
  }
  doc.end()
  await finished
  return Buffer.concat(chunks)
}

/** A thin horizontal line across the content (or from `from`). */
function rule(doc: PDFKit.PDFDocument, y: number, color: string = palette.border, from = margin) {
  doc
    .moveTo(from, y)
    .lineTo(margin + contentWidth, y)
    .lineWidth(color === palette.border ? 0.5 : 0.8)
    .strokeColor(color)
    .stroke()
}
