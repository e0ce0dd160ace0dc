/**
 * The VERI*FACTU billing records of the shop's invoices (docs/decisions/027), built from an invoice
 * as it was issued: a registro de alta for every invoice and corrective invoice, a registro de
 * anulación for an invoice voided because it was issued in error. Their fields carry the names of
 * the AEAT's schema (SuministroInformacion.xsd, RegistroFacturacionAltaType and
 * RegistroFacturacionAnulacionType), so the XML the AEAT receives is written from them one to one.
 */
import type { InvoiceBuyer, InvoiceType } from '../../../core/invoices.ts'
import type { Encadenamiento, IDDestinatario, IDFactura, RegistroAlta, RegistroAnulacion, SistemaInformatico } from '../../../core/verifactu.ts'
import { aeatAmount, aeatDate, aeatRate, aeatTimestamp } from './fields.ts'
import { altaHashInput, anulacionHashInput, fingerprint } from './hash.ts'

/** What a record takes from its invoice: the row as issued (server/db/schema invoices). */
export interface RecordedInvoice {
  number: string
  aeatType: InvoiceType
  issuedAt: Date
  /** When the operation took place, when another day than the issue (FechaOperacion). */
  operatedAt: Date | null
  seller: { legalName: string; taxId: string }
  buyer: InvoiceBuyer
  lines: readonly { name: string }[]
  taxRateBasisPoints: number
  taxableBaseCents: number
  taxCents: number
  surchargeCents: number
  /** The recargo de equivalencia's rate (0: the buyer is not under it). */
  surchargeRateBasisPoints: number
  totalCents: number
}

/** The invoice's identity in the AEAT's terms. */
export function idFactura(invoice: Pick<RecordedInvoice, 'number' | 'issuedAt' | 'seller'>): IDFactura {
  return { IDEmisorFactura: invoice.seller.taxId, NumSerieFactura: invoice.number, FechaExpedicionFactura: aeatDate(invoice.issuedAt) }
}

/** The chain's link to the record before, or the mark of the first one. */
export function chainedTo(previous: { id: IDFactura; hash: string } | null): Encadenamiento {
  return previous ? { RegistroAnterior: { ...previous.id, Huella: previous.hash } } : { PrimerRegistro: 'S' }
}

const previousHashOf = (link: Encadenamiento) => ('RegistroAnterior' in link ? link.RegistroAnterior.Huella : null)

/** Whether the invoice names its buyer by a Spanish NIF (what "not in the census" can be said of). */
export const namesSpanishNif = (invoice: Pick<RecordedInvoice, 'aeatType' | 'buyer'>) =>
  invoice.aeatType !== 'F2' && invoice.aeatType !== 'R5' && Boolean(invoice.buyer.taxId) && (!invoice.buyer.idType || invoice.buyer.idType === 'nif')

/**
 * The buyer of a full invoice as the AEAT knows them; a simplified invoice (and its R5) names none.
 * `unregisteredBuyer`: a Spanish NIF the AEAT's census does not hold goes as IDOtro 07 ("no
 * censado"), the admissible way its validations document gives for a correct NIF not in the census.
 */
function destinatarios(invoice: RecordedInvoice, unregisteredBuyer = false): IDDestinatario[] | undefined {
  if (invoice.aeatType === 'F2' || invoice.aeatType === 'R5') return undefined
  const { buyer } = invoice
  if (!buyer.taxId) throw new Error(`invoice ${invoice.number} (${invoice.aeatType}) names no buyer's tax id`)
  const name = (buyer.company ?? buyer.name).slice(0, 120)
  if (!buyer.idType || buyer.idType === 'nif') {
    return unregisteredBuyer
      ? [{ NombreRazon: name, IDOtro: { CodigoPais: 'ES', IDType: '07', ID: buyer.taxId } }]
      : [{ NombreRazon: name, NIF: buyer.taxId }]
  }
  // An EU VAT number says its own state (the schema does not ask for the country then).
  const CodigoPais = buyer.idType === '02' ? undefined : buyer.country
  return [{ NombreRazon: name, IDOtro: { ...(CodigoPais ? { CodigoPais } : {}), IDType: buyer.idType, ID: buyer.taxId } }]
}

/** What was sold, in at most 500 characters (TextMax500Type): the lines' names. */
function descripcionOperacion(invoice: RecordedInvoice): string {
  const prefix = invoice.aeatType === 'R1' || invoice.aeatType === 'R5' ? 'Devolución: ' : 'Venta: '
  const names = [...new Set(invoice.lines.map((line) => line.name.trim()))].join(', ')
  const text = `${prefix}${names}`
  return text.length <= 500 ? text : `${text.slice(0, 499)}…`
}

/**
 * The registro de alta of an issued invoice, chained to `previous` and fingerprinted. `corrected`
 * is the invoice a corrective invoice (R1, R5) corrects, `replaced` the simplified one an F3
 * replaces. The recargo de equivalencia joins the breakdown with its slice.
 */
export function registroAlta(input: {
  invoice: RecordedInvoice
  corrected?: IDFactura | undefined
  replaced?: IDFactura | undefined
  previous: { id: IDFactura; hash: string } | null
  system: SistemaInformatico
  generatedAt: Date
  /**
   * A subsanación: a new record of the same invoice correcting one the AEAT rejected (`rejected`:
   * it holds none of it) or accepted with errors; `unregisteredBuyer` as in `destinatarios`.
   */
  correction?: { rejected: boolean; unregisteredBuyer: boolean } | undefined
}): RegistroAlta {
  const { invoice, correction } = input
  const corrective = invoice.aeatType === 'R1' || invoice.aeatType === 'R5'
  const buyers = destinatarios(invoice, correction?.unregisteredBuyer)
  const fields = {
    IDVersion: '1.0' as const,
    IDFactura: idFactura(invoice),
    NombreRazonEmisor: invoice.seller.legalName.slice(0, 120),
    ...(correction ? { Subsanacion: 'S' as const } : {}),
    ...(correction?.rejected ? { RechazoPrevio: 'X' as const } : {}),
    TipoFactura: invoice.aeatType,
    ...(corrective ? { TipoRectificativa: 'I' as const } : {}),
    ...(corrective && input.corrected ? { FacturasRectificadas: [input.corrected] } : {}),
    ...(invoice.aeatType === 'F3' && input.replaced ? { FacturasSustituidas: [input.replaced] } : {}),
    ...(invoice.operatedAt ? { FechaOperacion: aeatDate(invoice.operatedAt) } : {}),
    DescripcionOperacion: descripcionOperacion(invoice),
    ...(buyers ? { Destinatarios: buyers } : {}),
    Desglose: [
      {
        Impuesto: '01' as const,
        ClaveRegimen: '01' as const,
        CalificacionOperacion: 'S1' as const,
        TipoImpositivo: aeatRate(invoice.taxRateBasisPoints),
        BaseImponibleOimporteNoSujeto: aeatAmount(invoice.taxableBaseCents),
        CuotaRepercutida: aeatAmount(invoice.taxCents),
        // A buyer under the recargo de equivalencia: its rate and amount on the same line (§15.3 of the AEAT's validations).
        ...(invoice.surchargeRateBasisPoints > 0
          ? {
              TipoRecargoEquivalencia: aeatRate(invoice.surchargeRateBasisPoints),
              CuotaRecargoEquivalencia: aeatAmount(invoice.surchargeCents),
            }
          : {}),
      },
    ],
    CuotaTotal: aeatAmount(invoice.taxCents + invoice.surchargeCents),
    ImporteTotal: aeatAmount(invoice.totalCents),
    Encadenamiento: chainedTo(input.previous),
    SistemaInformatico: input.system,
    FechaHoraHusoGenRegistro: aeatTimestamp(input.generatedAt),
    TipoHuella: '01' as const,
  }
  const Huella = fingerprint(
    altaHashInput({
      ...fields.IDFactura,
      TipoFactura: fields.TipoFactura,
      CuotaTotal: fields.CuotaTotal,
      ImporteTotal: fields.ImporteTotal,
      previousHash: previousHashOf(fields.Encadenamiento),
      FechaHoraHusoGenRegistro: fields.FechaHoraHusoGenRegistro,
    }),
  )
  return { ...fields, Huella }
}

/**
 * The registro de anulación of an invoice issued in error, chained to `previous` and
 * fingerprinted. `unregistered`: the AEAT holds no registro de alta of it (SinRegistroPrevio S);
 * `afterRejection`: it follows an anulación of the same invoice the AEAT rejected (RechazoPrevio S).
 * The flags do not enter the fingerprint (the hash specification's fields for an anulación).
 */
export function registroAnulacion(input: {
  voided: IDFactura
  previous: { id: IDFactura; hash: string } | null
  system: SistemaInformatico
  generatedAt: Date
  unregistered?: boolean
  afterRejection?: boolean
}): RegistroAnulacion {
  const fields = {
    IDVersion: '1.0' as const,
    IDFactura: {
      IDEmisorFacturaAnulada: input.voided.IDEmisorFactura,
      NumSerieFacturaAnulada: input.voided.NumSerieFactura,
      FechaExpedicionFacturaAnulada: input.voided.FechaExpedicionFactura,
    },
    ...(input.unregistered ? { SinRegistroPrevio: 'S' as const } : {}),
    ...(input.afterRejection ? { RechazoPrevio: 'S' as const } : {}),
    Encadenamiento: chainedTo(input.previous),
    SistemaInformatico: input.system,
    FechaHoraHusoGenRegistro: aeatTimestamp(input.generatedAt),
    TipoHuella: '01' as const,
  }
  const Huella = fingerprint(
    anulacionHashInput({
      ...fields.IDFactura,
      previousHash: previousHashOf(fields.Encadenamiento),
      FechaHoraHusoGenRegistro: fields.FechaHoraHusoGenRegistro,
    }),
  )
  return { ...fields, Huella }
}
