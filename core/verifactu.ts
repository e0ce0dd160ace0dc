/**
 * The VERI*FACTU billing records' shapes (docs/decisions/027), in the field names of the AEAT's
 * schema (SuministroInformacion.xsd: RegistroFacturacionAltaType, RegistroFacturacionAnulacionType),
 * as the server builds and stores them and the admin reads them. Only the parts the shop uses.
 */
import type { InvoiceType } from './invoices.ts'

/** `off`: no records, no QR; `test`: records for the AEAT's test service; `production`: for the real one. */
export const verifactuModes = ['off', 'test', 'production'] as const
export type VerifactuMode = (typeof verifactuModes)[number]
/** The AEAT's services a record is made for: each has a chain of its own. */
export type VerifactuService = Exclude<VerifactuMode, 'off'>

/** Every AEAT service, each with a chain of its own. */
export const verifactuServices = ['test', 'production'] as const satisfies readonly VerifactuService[]

/**
 * Why invoicing stopped until an admin reconciles (docs/decisions/030): the database was restored
 * from a backup (invoices issued after it may exist, numbered and sent), or the AEAT holds another
 * record of an invoice this shop never sent it (a `conflict`).
 */
export const invoicingHaltReasons = ['restore', 'conflict'] as const
export type InvoicingHaltReason = (typeof invoicingHaltReasons)[number]

/**
 * Where a record stands with the AEAT, for the owner and the metrics: `pending` until it answers,
 * then its answer (docs/decisions/028).
 */
export const verifactuRecordStates = ['pending', 'accepted', 'accepted_with_errors', 'rejected', 'conflict'] as const
export type VerifactuRecordState = (typeof verifactuRecordStates)[number]

/** The billing system as each record names it (SistemaInformaticoType): its producer and this installation. */
export interface SistemaInformatico {
  NombreRazon: string
  NIF: string
  NombreSistemaInformatico: string
  IdSistemaInformatico: string
  Version: string
  NumeroInstalacion: string
  /** S: the shop only works as a VERI*FACTU system (it sends every record). */
  TipoUsoPosibleSoloVerifactu: 'S' | 'N'
  /** N: it invoices for one taxpayer, the shop's company. */
  TipoUsoPosibleMultiOT: 'S' | 'N'
  IndicadorMultiplesOT: 'S' | 'N'
}

export interface VerifactuSettings {
  mode: VerifactuMode
  system: SistemaInformatico
}

/** An invoice as the AEAT identifies it: issuer, number and date (IDFacturaExpedidaType). */
export interface IDFactura {
  IDEmisorFactura: string
  NumSerieFactura: string
  FechaExpedicionFactura: string
}

export interface IDOtro {
  CodigoPais?: string
  /** 02 EU VAT number, 03 passport, 04 another document; 07 a Spanish NIF the AEAT's census does not hold (a correction only). */
  IDType: '02' | '03' | '04' | '07'
  ID: string
}

/** A buyer (PersonaFisicaJuridicaType): a Spanish NIF, or another id with its country. */
export type IDDestinatario = { NombreRazon: string; NIF: string } | { NombreRazon: string; IDOtro: IDOtro }

/** One line of the tax breakdown (DetalleType): IVA (01), general regime (01), subject and not exempt (S1). */
export interface DetalleDesglose {
  Impuesto: '01'
  ClaveRegimen: '01'
  CalificacionOperacion: 'S1'
  TipoImpositivo: string
  BaseImponibleOimporteNoSujeto: string
  CuotaRepercutida: string
  /** Only for a buyer under the recargo de equivalencia. */
  TipoRecargoEquivalencia?: string
  CuotaRecargoEquivalencia?: string
}

/** The previous record of the chain, as the next one names it (EncadenamientoFacturaAnteriorType). */
export interface RegistroAnterior extends IDFactura {
  Huella: string
}

export type Encadenamiento = { PrimerRegistro: 'S' } | { RegistroAnterior: RegistroAnterior }

export interface RegistroAlta {
  IDVersion: '1.0'
  IDFactura: IDFactura
  NombreRazonEmisor: string
  /** S: a new record correcting one the AEAT holds or rejected (never an edit of it). */
  Subsanacion?: 'S'
  /**
   * With Subsanacion: X when the record it corrects was rejected, so the AEAT holds none of that
   * invoice ("alta por rechazo", the web service's description §9.1.3); S for a correction after an
   * earlier rejection of a record the AEAT does hold.
   */
  RechazoPrevio?: 'S' | 'X'
  TipoFactura: InvoiceType
  /** I: por diferencias (a corrective invoice states the difference, negative for a refund). */
  TipoRectificativa?: 'I'
  FacturasRectificadas?: IDFactura[]
  FacturasSustituidas?: IDFactura[]
  /** `dd-mm-yyyy`: the operation's day, when it is not the invoice's. */
  FechaOperacion?: string
  DescripcionOperacion: string
  Destinatarios?: IDDestinatario[]
  Desglose: DetalleDesglose[]
  CuotaTotal: string
  ImporteTotal: string
  Encadenamiento: Encadenamiento
  SistemaInformatico: SistemaInformatico
  FechaHoraHusoGenRegistro: string
  TipoHuella: '01'
  Huella: string
}

export interface RegistroAnulacion {
  IDVersion: '1.0'
  IDFactura: { IDEmisorFacturaAnulada: string; NumSerieFacturaAnulada: string; FechaExpedicionFacturaAnulada: string }
  /**
   * S: the AEAT holds no registro de alta of the invoice (its alta was rejected and never put
   * right), so the anulación creates the invoice's record there as voided (the web service's
   * description §9.2.3, "anulación sin registro previo").
   */
  SinRegistroPrevio?: 'S'
  /** S: a new anulación after the AEAT rejected an earlier one of the same invoice (§9.2.2). */
  RechazoPrevio?: 'S'
  Encadenamiento: Encadenamiento
  SistemaInformatico: SistemaInformatico
  FechaHoraHusoGenRegistro: string
  TipoHuella: '01'
  Huella: string
}
