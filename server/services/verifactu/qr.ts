/**
 * The QR code every invoice with a billing record prints (docs/decisions/027), as the AEAT's
 * "Detalle de las especificaciones técnicas del código QR de la factura" (v0.4.7) sets it: the
 * AEAT's verification address with the issuer's NIF, the invoice's number, date and total, each
 * URL-encoded in UTF-8; ISO/IEC 18004 with error correction M.
 */
import { encode } from 'uqr'
import type { IDFactura } from '../../../core/verifactu.ts'

/** The verification service of each AEAT environment (the document's §5.1). */
export const verificationBaseUrls = {
  test: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR',
  production: 'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR',
} as const

/** What the QR names: the record's invoice and total, so the printed code and the record always agree. */
export interface VerifiableInvoice {
  id: IDFactura
  /** ImporteTotal as the record has it: `241.40`. */
  total: string
}

/** The QR's text (§4 and §6): `nif`, `numserie`, `fecha`, `importe`, in that order, URL-encoded (`12345678&G33` → `12345678%26G33`). */
export function verificationUrl(service: keyof typeof verificationBaseUrls, invoice: VerifiableInvoice): string {
  const query = new URLSearchParams({
    nif: invoice.id.IDEmisorFactura,
    numserie: invoice.id.NumSerieFactura,
    fecha: invoice.id.FechaExpedicionFactura,
    importe: invoice.total,
  })
  return `${verificationBaseUrls[service]}?${query.toString()}`
}

/** Pixels per module: a code of ~45 modules printed 35 mm wide is drawn at about 260 dpi. */
const modulePixels = 8

/** The QR code of `text` as a black-on-white PNG, without a quiet zone (the PDF leaves the margin around it). */
export async function qrPng(text: string): Promise<Buffer> {
  const { data, size } = encode(text, { ecc: 'M', border: 0 })
  const width = size * modulePixels
  const pixels = Buffer.alloc(width * width, 0xff)
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return
      for (let dy = 0; dy < modulePixels; dy++)
        pixels.fill(0, (y * modulePixels + dy) * width + x * modulePixels, (y * modulePixels + dy) * width + (x + 1) * modulePixels)
    }),
  )
  // Loaded with the first invoice drawn: libvips stays out of a process that has drawn none.
  const { default: sharp } = await import('sharp')
  return sharp(pixels, { raw: { width, height: width, channels: 1 } })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer()
}
