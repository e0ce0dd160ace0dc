/**
 * The XML the AEAT receives (docs/decisions/028): a `RegFactuSistemaFacturacion` document
 * (SuministroLR.xsd) holding the stored records, each written element by element in the order
 * its schema type's sequence gives (SuministroInformacion.xsd: RegistroFacturacionAltaType,
 * RegistroFacturacionAnulacionType, DetalleType, SistemaInformaticoType…). The order cannot come
 * from the stored JSON: PostgreSQL's jsonb keeps keys in an order of its own. The sender and the
 * inspection export both use this one writer.
 */
import type {
  DetalleDesglose,
  Encadenamiento,
  IDDestinatario,
  IDFactura,
  RegistroAlta,
  RegistroAnulacion,
  SistemaInformatico,
} from '../../../core/verifactu.ts'

const aeatSchemas = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws'
export const verifactuNamespaces = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  /** SuministroLR.xsd: the message and its RegistroFactura wrappers. */
  lr: `${aeatSchemas}/SuministroLR.xsd`,
  /** SuministroInformacion.xsd: the records' types. */
  info: `${aeatSchemas}/SuministroInformacion.xsd`,
  /** RespuestaSuministro.xsd: the AEAT's answer. */
  answer: `${aeatSchemas}/RespuestaSuministro.xsd`,
} as const

/** The taxpayer whose records a message carries (Cabecera/ObligadoEmision): the shop's company. */
export interface ObligadoEmision {
  NombreRazon: string
  NIF: string
}

/** `&`, `<` and `>` escaped as the web service's description (§6.9) asks; quotes never occur inside elements. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

type Node = string | null | undefined | false

/** One element of SuministroInformacion.xsd's namespace (prefix `sf`), its children already written. */
const sf = (name: string, ...children: Node[]) => `<sf:${name}>${children.filter(Boolean).join('')}</sf:${name}>`
/** A leaf holding text; nothing when the value is absent (an optional element). */
const leaf = (name: string, value: string | undefined) => (value === undefined ? null : sf(name, escapeXml(value)))

/** IDFacturaExpedidaType's three leaves (also the start of a chain link, EncadenamientoFacturaAnteriorType). */
const idLeaves = (id: IDFactura) => [
  leaf('IDEmisorFactura', id.IDEmisorFactura),
  leaf('NumSerieFactura', id.NumSerieFactura),
  leaf('FechaExpedicionFactura', id.FechaExpedicionFactura),
]
const idFacturaXml = (name: string, id: IDFactura) => sf(name, ...idLeaves(id))

function personaXml(name: string, persona: IDDestinatario | ObligadoEmision) {
  if ('NIF' in persona) return sf(name, leaf('NombreRazon', persona.NombreRazon), leaf('NIF', persona.NIF))
  const other = persona.IDOtro
  return sf(
    name,
    leaf('NombreRazon', persona.NombreRazon),
    sf('IDOtro', leaf('CodigoPais', other.CodigoPais), leaf('IDType', other.IDType), leaf('ID', other.ID)),
  )
}

const detalleXml = (line: DetalleDesglose) =>
  sf(
    'DetalleDesglose',
    leaf('Impuesto', line.Impuesto),
    leaf('ClaveRegimen', line.ClaveRegimen),
    leaf('CalificacionOperacion', line.CalificacionOperacion),
    leaf('TipoImpositivo', line.TipoImpositivo),
    leaf('BaseImponibleOimporteNoSujeto', line.BaseImponibleOimporteNoSujeto),
    leaf('CuotaRepercutida', line.CuotaRepercutida),
    leaf('TipoRecargoEquivalencia', line.TipoRecargoEquivalencia),
    leaf('CuotaRecargoEquivalencia', line.CuotaRecargoEquivalencia),
  )

const encadenamientoXml = (link: Encadenamiento) =>
  sf(
    'Encadenamiento',
    'PrimerRegistro' in link
      ? leaf('PrimerRegistro', link.PrimerRegistro)
      : sf('RegistroAnterior', ...idLeaves(link.RegistroAnterior), leaf('Huella', link.RegistroAnterior.Huella)),
  )

const sistemaXml = (system: SistemaInformatico) =>
  sf(
    'SistemaInformatico',
    leaf('NombreRazon', system.NombreRazon),
    leaf('NIF', system.NIF),
    leaf('NombreSistemaInformatico', system.NombreSistemaInformatico),
    leaf('IdSistemaInformatico', system.IdSistemaInformatico),
    leaf('Version', system.Version),
    leaf('NumeroInstalacion', system.NumeroInstalacion),
    leaf('TipoUsoPosibleSoloVerifactu', system.TipoUsoPosibleSoloVerifactu),
    leaf('TipoUsoPosibleMultiOT', system.TipoUsoPosibleMultiOT),
    leaf('IndicadorMultiplesOT', system.IndicadorMultiplesOT),
  )

/** RegistroFacturacionAltaType's sequence, with the elements the shop fills. */
export function registroAltaXml(record: RegistroAlta): string {
  return sf(
    'RegistroAlta',
    leaf('IDVersion', record.IDVersion),
    idFacturaXml('IDFactura', record.IDFactura),
    leaf('NombreRazonEmisor', record.NombreRazonEmisor),
    leaf('Subsanacion', record.Subsanacion),
    leaf('RechazoPrevio', record.RechazoPrevio),
    leaf('TipoFactura', record.TipoFactura),
    leaf('TipoRectificativa', record.TipoRectificativa),
    record.FacturasRectificadas && sf('FacturasRectificadas', ...record.FacturasRectificadas.map((id) => idFacturaXml('IDFacturaRectificada', id))),
    record.FacturasSustituidas && sf('FacturasSustituidas', ...record.FacturasSustituidas.map((id) => idFacturaXml('IDFacturaSustituida', id))),
    leaf('FechaOperacion', record.FechaOperacion),
    leaf('DescripcionOperacion', record.DescripcionOperacion),
    record.Destinatarios && sf('Destinatarios', ...record.Destinatarios.map((buyer) => personaXml('IDDestinatario', buyer))),
    sf('Desglose', ...record.Desglose.map(detalleXml)),
    leaf('CuotaTotal', record.CuotaTotal),
    leaf('ImporteTotal', record.ImporteTotal),
    encadenamientoXml(record.Encadenamiento),
    sistemaXml(record.SistemaInformatico),
    leaf('FechaHoraHusoGenRegistro', record.FechaHoraHusoGenRegistro),
    leaf('TipoHuella', record.TipoHuella),
    leaf('Huella', record.Huella),
  )
}

/** RegistroFacturacionAnulacionType's sequence. */
export function registroAnulacionXml(record: RegistroAnulacion): string {
  return sf(
    'RegistroAnulacion',
    leaf('IDVersion', record.IDVersion),
    sf(
      'IDFactura',
      leaf('IDEmisorFacturaAnulada', record.IDFactura.IDEmisorFacturaAnulada),
      leaf('NumSerieFacturaAnulada', record.IDFactura.NumSerieFacturaAnulada),
      leaf('FechaExpedicionFacturaAnulada', record.IDFactura.FechaExpedicionFacturaAnulada),
    ),
    leaf('SinRegistroPrevio', record.SinRegistroPrevio),
    leaf('RechazoPrevio', record.RechazoPrevio),
    encadenamientoXml(record.Encadenamiento),
    sistemaXml(record.SistemaInformatico),
    leaf('FechaHoraHusoGenRegistro', record.FechaHoraHusoGenRegistro),
    leaf('TipoHuella', record.TipoHuella),
    leaf('Huella', record.Huella),
  )
}

/** The most records one message may carry (SuministroLR.xsd: RegistroFactura maxOccurs 1000). */
export const maxRecordsPerMessage = 1000

/**
 * The `RegFactuSistemaFacturacion` element (SuministroLR.xsd) with its namespaces declared on it,
 * so it stands alone as a document (the inspection export) or inside the SOAP body (the sender).
 */
export function regFactuXml(obligado: ObligadoEmision, records: ReadonlyArray<RegistroAlta | RegistroAnulacion>): string {
  if (records.length === 0 || records.length > maxRecordsPerMessage) throw new Error(`a message carries 1 to ${maxRecordsPerMessage} records`)
  const registros = records.map(
    (record) => `<lr:RegistroFactura>${'TipoFactura' in record ? registroAltaXml(record) : registroAnulacionXml(record)}</lr:RegistroFactura>`,
  )
  return (
    `<lr:RegFactuSistemaFacturacion xmlns:lr="${verifactuNamespaces.lr}" xmlns:sf="${verifactuNamespaces.info}">` +
    `<lr:Cabecera>${personaXml('ObligadoEmision', obligado)}</lr:Cabecera>` +
    registros.join('') +
    '</lr:RegFactuSistemaFacturacion>'
  )
}

/** The SOAP 1.1 envelope the web service takes (its description, §9.1.1.1). */
export function soapEnvelope(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${verifactuNamespaces.soap}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
}

/** A standalone XML document of records (the inspection export). */
export function regFactuDocument(obligado: ObligadoEmision, records: ReadonlyArray<RegistroAlta | RegistroAnulacion>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${regFactuXml(obligado, records)}\n`
}
