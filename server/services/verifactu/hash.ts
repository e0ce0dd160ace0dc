import { createHash } from 'node:crypto'

/**
 * The fingerprint (huella) of a billing record, exactly as the AEAT's "Veri-Factu: especificaciones
 * huella hash registros" (v0.1.2) sets it (docs/decisions/027): SHA-256 over the UTF-8 text
 * `name=value&name=value…` of fixed fields in a fixed order, each value trimmed, an absent value
 * written as nothing after its `=`; 64 upper-case hexadecimal characters.
 */

/** The fields of a registro de alta that its fingerprint covers, as the record holds them. */
export interface AltaHashFields {
  IDEmisorFactura: string
  NumSerieFactura: string
  FechaExpedicionFactura: string
  TipoFactura: string
  CuotaTotal: string
  ImporteTotal: string
  /** The previous record's fingerprint; null for the chain's first record. */
  previousHash: string | null
  FechaHoraHusoGenRegistro: string
}

/** The fields of a registro de anulación that its fingerprint covers. */
export interface AnulacionHashFields {
  IDEmisorFacturaAnulada: string
  NumSerieFacturaAnulada: string
  FechaExpedicionFacturaAnulada: string
  previousHash: string | null
  FechaHoraHusoGenRegistro: string
}

const joined = (fields: readonly (readonly [string, string | null])[]) => fields.map(([name, value]) => `${name}=${(value ?? '').trim()}`).join('&')

/** The text a registro de alta's fingerprint is taken of (the document's §3 a). */
export function altaHashInput(fields: AltaHashFields): string {
  return joined([
    ['IDEmisorFactura', fields.IDEmisorFactura],
    ['NumSerieFactura', fields.NumSerieFactura],
    ['FechaExpedicionFactura', fields.FechaExpedicionFactura],
    ['TipoFactura', fields.TipoFactura],
    ['CuotaTotal', fields.CuotaTotal],
    ['ImporteTotal', fields.ImporteTotal],
    ['Huella', fields.previousHash],
    ['FechaHoraHusoGenRegistro', fields.FechaHoraHusoGenRegistro],
  ])
}

/** The text a registro de anulación's fingerprint is taken of (the document's §3 b). */
export function anulacionHashInput(fields: AnulacionHashFields): string {
  return joined([
    ['IDEmisorFacturaAnulada', fields.IDEmisorFacturaAnulada],
    ['NumSerieFacturaAnulada', fields.NumSerieFacturaAnulada],
    ['FechaExpedicionFacturaAnulada', fields.FechaExpedicionFacturaAnulada],
    ['Huella', fields.previousHash],
    ['FechaHoraHusoGenRegistro', fields.FechaHoraHusoGenRegistro],
  ])
}

/** SHA-256 of the text's UTF-8 bytes, in upper-case hexadecimal (the document's §5). */
export function fingerprint(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex').toUpperCase()
}
