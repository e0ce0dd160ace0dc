/**
 * A local fake of the AEAT's VERI*FACTU web service, as the fake Stripe is of Stripe: HTTPS that
 * asks for the client's certificate and refuses one its authority did not sign; each message read
 * element by element against the structure SuministroLR.xsd and SuministroInformacion.xsd describe
 * (a SOAP Fault for a message that does not fit, as the AEAT answers one); each record's chain
 * checked against the previous record it received, its fingerprint recomputed; and answers as the
 * web service's description gives them (§6.4.4, §6.5.2): accepted, accepted with errors, a
 * rejection, a duplicate, a flow-control wait, and on request a fault or a silence past the
 * client's timeout.
 */
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { TLSSocket } from 'node:tls'
import { XMLParser } from 'fast-xml-parser'
import { altaHashInput, anulacionHashInput, fingerprint } from '../../server/services/verifactu/hash.ts'
import { verifactuNamespaces } from '../../server/services/verifactu/xml.ts'
import { makeTestCertificates } from './test-certificates.ts'

type Ordered = Record<string, unknown>
export interface XmlElement {
  ns: string
  name: string
  children: XmlElement[]
  text: string
}

/** Reads a document keeping the order of elements and resolving each prefix to its namespace. */
export function readXml(xml: string): XmlElement {
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, trimValues: true })
  const nodes = parser.parse(xml) as Ordered[]
  const convert = (node: Ordered, scope: Record<string, string>): XmlElement | null => {
    const tag = Object.keys(node).find((key) => key !== ':@')
    if (!tag || tag === '#text' || tag.startsWith('?')) return null
    const attributes = (node[':@'] ?? {}) as Record<string, string>
    const inner: Record<string, string> = { ...scope }
    for (const [key, value] of Object.entries(attributes)) {
      if (key === 'xmlns') inner[''] = value
      else if (key.startsWith('xmlns:')) inner[key.slice(6)] = value
    }
    const [prefix, local] = tag.includes(':') ? (tag.split(':') as [string, string]) : ['', tag]
    const ns = inner[prefix]
    if (ns === undefined) throw new Error(`prefix ${prefix} of ${tag} is not declared`)
    const content = node[tag] as Ordered[]
    const children = content.map((child) => convert(child, inner)).filter((child): child is XmlElement => child !== null)
    const text = content.map((child) => (typeof child['#text'] === 'string' ? child['#text'] : '')).join('')
    return { ns, name: local, children, text }
  }
  const root = nodes.map((node) => convert(node, {})).find((node) => node !== null)
  if (!root) throw new Error('no root element')
  return root
}

/** One entry of a schema sequence: an element (or a choice of elements) with its bounds and content. */
interface Particle {
  names: string[]
  min: number
  max: number
  /** The element's own content (a sequence), or a check of its text. */
  content?: Particle[]
  text?: RegExp
  /** A choice: the particle of each element it allows. */
  options?: Particle[]
}
const one = (name: string, rule: RegExp | Particle[], min = 1, max = 1): Particle =>
  Array.isArray(rule) ? { names: [name], min, max, content: rule } : { names: [name], min, max, text: rule }
const optional = (name: string, rule: RegExp | Particle[], max = 1) => one(name, rule, 0, max)
const choice = (...options: Particle[]): Particle => ({ names: options.flatMap((option) => option.names), min: 1, max: 1, options })

const nif = /^[A-Z0-9]{9}$/
const date = /^\d{2}-\d{2}-\d{4}$/
const amount = /^-?\d{1,12}(\.\d{1,2})?$/
const text = (max: number) => new RegExp(`^[\\s\\S]{1,${max}}$`)
const yesNo = /^[SN]$/
const idFactura = [one('IDEmisorFactura', nif), one('NumSerieFactura', text(60)), one('FechaExpedicionFactura', date)]
const idOtro = [optional('CodigoPais', /^[A-Z]{2}$/), one('IDType', /^0[2-7]$/), one('ID', text(20))]
const persona = [one('NombreRazon', text(120)), choice(one('NIF', nif), one('IDOtro', idOtro))]
const encadenamiento = [
  choice(
    one('PrimerRegistro', /^S$/),
    one('RegistroAnterior', [
      one('IDEmisorFactura', nif),
      one('NumSerieFactura', text(60)),
      one('FechaExpedicionFactura', date),
      one('Huella', /^[0-9A-F]{64}$/),
    ]),
  ),
]
const sistema = [
  one('NombreRazon', text(120)),
  choice(one('NIF', nif), one('IDOtro', idOtro)),
  one('NombreSistemaInformatico', text(30)),
  one('IdSistemaInformatico', text(2)),
  one('Version', text(50)),
  one('NumeroInstalacion', text(100)),
  one('TipoUsoPosibleSoloVerifactu', yesNo),
  one('TipoUsoPosibleMultiOT', yesNo),
  one('IndicadorMultiplesOT', yesNo),
]
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/
const detalle = [
  optional('Impuesto', /^0[1-5]$/),
  optional('ClaveRegimen', /^\d{2}$/),
  choice(one('CalificacionOperacion', /^[SN][1-4]$/), one('OperacionExenta', /^E[1-8]$/)),
  optional('TipoImpositivo', /^\d{1,3}(\.\d{1,2})?$/),
  one('BaseImponibleOimporteNoSujeto', amount),
  optional('BaseImponibleACoste', amount),
  optional('CuotaRepercutida', amount),
  optional('TipoRecargoEquivalencia', /^\d{1,3}(\.\d{1,2})?$/),
  optional('CuotaRecargoEquivalencia', amount),
]
const registroAlta = [
  one('IDVersion', /^1\.0$/),
  one('IDFactura', idFactura),
  optional('RefExterna', text(60)),
  one('NombreRazonEmisor', text(120)),
  optional('Subsanacion', /^[SN]$/),
  optional('RechazoPrevio', /^[NSX]$/),
  one('TipoFactura', /^(F1|F2|F3|R1|R2|R3|R4|R5)$/),
  optional('TipoRectificativa', /^[SI]$/),
  optional('FacturasRectificadas', [one('IDFacturaRectificada', idFactura, 1, 1000)]),
  optional('FacturasSustituidas', [one('IDFacturaSustituida', idFactura, 1, 1000)]),
  optional('FechaOperacion', date),
  one('DescripcionOperacion', text(500)),
  optional('Destinatarios', [one('IDDestinatario', persona, 1, 1000)]),
  one('Desglose', [one('DetalleDesglose', detalle, 1, 12)]),
  one('CuotaTotal', amount),
  one('ImporteTotal', amount),
  one('Encadenamiento', encadenamiento),
  one('SistemaInformatico', sistema),
  one('FechaHoraHusoGenRegistro', timestamp),
  one('TipoHuella', /^01$/),
  one('Huella', /^[0-9A-F]{64}$/),
]
const registroAnulacion = [
  one('IDVersion', /^1\.0$/),
  one('IDFactura', [one('IDEmisorFacturaAnulada', nif), one('NumSerieFacturaAnulada', text(60)), one('FechaExpedicionFacturaAnulada', date)]),
  optional('RefExterna', text(60)),
  optional('SinRegistroPrevio', yesNo),
  optional('RechazoPrevio', yesNo),
  one('Encadenamiento', encadenamiento),
  one('SistemaInformatico', sistema),
  one('FechaHoraHusoGenRegistro', timestamp),
  one('TipoHuella', /^01$/),
  one('Huella', /^[0-9A-F]{64}$/),
]

/** Checks an element's children against a sequence, in order, in SuministroInformacion's namespace; returns the problems. */
function checkSequence(element: XmlElement, sequence: Particle[], path: string): string[] {
  const problems: string[] = []
  let i = 0
  for (const particle of sequence) {
    let count = 0
    while (i < element.children.length && particle.names.includes(element.children[i]!.name) && count < particle.max) {
      const child = element.children[i]!
      const rule = particle.options ? particle.options.find((option) => option.names[0] === child.name) : particle
      if (child.ns !== verifactuNamespaces.info) problems.push(`${path}/${child.name}: not in SuministroInformacion's namespace`)
      if (rule?.content) problems.push(...checkSequence(child, rule.content, `${path}/${child.name}`))
      else if (rule?.text && !rule.text.test(child.text)) problems.push(`${path}/${child.name}: "${child.text}" is not valid`)
      count++
      i++
    }
    if (count < particle.min) problems.push(`${path}: ${particle.names.join(' or ')} missing where ${element.children[i]?.name ?? 'the end'} is`)
  }
  if (i < element.children.length) problems.push(`${path}: ${element.children[i]!.name} is not expected there`)
  return problems
}

/** A RegFactuSistemaFacturacion's header and records, and what in it does not fit the schema. */
function readRegFactu(message: XmlElement): { problems: string[]; records: XmlElement[]; cabecera: XmlElement | undefined } {
  const problems: string[] = []
  const [cabecera, ...registros] = message.children
  if (!cabecera || cabecera.name !== 'Cabecera' || cabecera.ns !== verifactuNamespaces.lr) problems.push('Cabecera missing')
  else problems.push(...checkSequence(cabecera, [one('ObligadoEmision', [one('NombreRazon', text(120)), one('NIF', nif)])], 'Cabecera'))
  if (registros.length === 0 || registros.length > 1000) problems.push(`${registros.length} RegistroFactura: 1 to 1000 allowed`)
  const records: XmlElement[] = []
  for (const [i, registro] of registros.entries()) {
    const record = registro.children[0]
    if (registro.name !== 'RegistroFactura' || registro.ns !== verifactuNamespaces.lr || registro.children.length !== 1 || !record) {
      problems.push(`RegistroFactura ${i + 1}: not one record in a RegistroFactura of SuministroLR`)
      continue
    }
    if (record.ns !== verifactuNamespaces.info) problems.push(`${record.name} ${i + 1}: not in SuministroInformacion's namespace`)
    if (record.name === 'RegistroAlta') problems.push(...checkSequence(record, registroAlta, `RegistroAlta ${i + 1}`))
    else if (record.name === 'RegistroAnulacion') problems.push(...checkSequence(record, registroAnulacion, `RegistroAnulacion ${i + 1}`))
    else problems.push(`RegistroFactura ${i + 1}: ${record.name} is neither RegistroAlta nor RegistroAnulacion`)
    records.push(record)
  }
  return { problems, records, cabecera: cabecera?.name === 'Cabecera' ? cabecera : undefined }
}

/** What in a standalone document (the inspection export) does not fit SuministroLR.xsd's RegFactuSistemaFacturacion. */
export function checkRegFactuDocument(root: XmlElement): string[] {
  if (root.ns !== verifactuNamespaces.lr || root.name !== 'RegFactuSistemaFacturacion')
    return [`${root.name}: not RegFactuSistemaFacturacion of SuministroLR`]
  return readRegFactu(root).problems
}

const field = (element: XmlElement, ...path: string[]): string => {
  let current: XmlElement | undefined = element
  for (const name of path) current = current?.children.find((child) => child.name === name)
  return current?.text ?? ''
}

/** The recargo rates the AEAT admits with each IVA rate (Validaciones y errores §15.3), as the XML writes them. */
const admittedSurcharges: Record<string, string[]> = {
  '21.00': ['5.20', '1.75'],
  '10.00': ['1.40'],
  '7.50': ['1.00'],
  '5.00': ['0.62'],
  '4.00': ['0.50'],
  '2.00': ['0.26'],
  '0.00': ['0.00'],
}

function altaAmountProblems(number: string, record: XmlElement): string[] {
  const problems: string[] = []
  const cents = (text: string) => (text === '' ? 0 : Math.round(Number(text) * 100))
  const lines = record.children.find((child) => child.name === 'Desglose')?.children ?? []
  let quota = 0
  let total = 0
  for (const line of lines) {
    const rate = field(line, 'TipoImpositivo')
    const surchargeRate = field(line, 'TipoRecargoEquivalencia')
    if (surchargeRate !== '' && !(admittedSurcharges[rate] ?? []).includes(surchargeRate))
      problems.push(`${number}: TipoRecargoEquivalencia ${surchargeRate} with TipoImpositivo ${rate}`)
    if ((surchargeRate === '') !== (field(line, 'CuotaRecargoEquivalencia') === ''))
      problems.push(`${number}: a recargo's rate without its amount, or the other way round`)
    const lineQuota = cents(field(line, 'CuotaRepercutida')) + cents(field(line, 'CuotaRecargoEquivalencia'))
    quota += lineQuota
    total += cents(field(line, 'BaseImponibleOimporteNoSujeto')) + lineQuota
  }
  if (cents(field(record, 'CuotaTotal')) !== quota) problems.push(`${number}: CuotaTotal is not Σ(CuotaRepercutida + CuotaRecargoEquivalencia)`)
  if (cents(field(record, 'ImporteTotal')) !== total) problems.push(`${number}: ImporteTotal is not Σ(base + cuota + recargo)`)
  return problems
}

export type HeldState = 'Correcta' | 'AceptadaConErrores' | 'Anulada'

export interface FakeAeat {
  url: string
  /** The records it holds (registered), by `NIF|number|date`. */
  held: Map<string, { state: HeldState; hash: string; times: number }>
  /** Each message it received, in order: its records' numbers (its answers are in `answers`). */
  messages: Array<{ numbers: string[]; at: Date; clientSubject: string }>
  /** What its chain checks found wrong (an honest sender leaves it empty). */
  chainProblems: string[]
  /**
   * What its checks of a registro de alta's amounts found wrong (Validaciones y errores §15.3, 16,
   * 17): a recargo rate the AEAT does not admit with the IVA rate, CuotaTotal ≠ Σ(cuota + recargo),
   * ImporteTotal ≠ Σ(base + cuota + recargo). The AEAT allows ±10 € on the sums; this checks to the cent.
   */
  amountProblems: string[]
  /** Tell it how to answer the next messages. */
  behaviour: {
    /** TiempoEsperaEnvio in its answers. */
    waitSeconds: number
    /** Numbers it rejects (Incorrecto) with this code and text. */
    reject: Map<string, { code: string; description: string }>
    /** Buyers' tax ids (Destinatarios) whose invoices it rejects, with this code and text. */
    rejectBuyer: Map<string, { code: string; description: string }>
    /** Numbers it accepts with errors. */
    warn: Map<string, { code: string; description: string }>
    /** The next message gets this SOAP Fault. */
    faultOnce: string | null
    /** The next message is held this long before its answer (longer than the client waits: a timeout). */
    delayOnceMs: number
  }
  close(): Promise<void>
}

export async function startFakeAeat(tls: { cert: string; key: string; ca: string }): Promise<FakeAeat> {
  const held: FakeAeat['held'] = new Map()
  const messages: FakeAeat['messages'] = []
  const chainProblems: string[] = []
  const amountProblems: string[] = []
  const behaviour: FakeAeat['behaviour'] = {
    waitSeconds: 60,
    reject: new Map(),
    rejectBuyer: new Map(),
    warn: new Map(),
    faultOnce: null,
    delayOnceMs: 0,
  }
  /** Invoices (`NIF|number|date`) an anulación of which it rejected. */
  const rejectedAnulaciones = new Set<string>()
  let last: { nif: string; number: string; date: string; hash: string } | null = null
  let requestCount = 0

  const fault = (message: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${verifactuNamespaces.soap}"><env:Body><env:Fault><faultcode>env:Client</faultcode><faultstring>${message.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</faultstring></env:Fault></env:Body></env:Envelope>`

  function answer(body: string, clientSubject: string): { status: number; xml: string } {
    let envelope: XmlElement
    try {
      envelope = readXml(body)
    } catch (error) {
      return { status: 500, xml: fault(`Codigo[4102].El XML no está bien formado: ${error instanceof Error ? error.message : String(error)}`) }
    }
    const problems: string[] = []
    const bodyElement = envelope.children.find((child) => child.name === 'Body')
    if (envelope.ns !== verifactuNamespaces.soap || envelope.name !== 'Envelope' || !bodyElement || bodyElement.ns !== verifactuNamespaces.soap)
      return { status: 500, xml: fault('Codigo[4102].No es un sobre SOAP') }
    const message = bodyElement.children[0]
    if (!message || message.ns !== verifactuNamespaces.lr || message.name !== 'RegFactuSistemaFacturacion')
      return { status: 500, xml: fault('Codigo[4102].Se esperaba RegFactuSistemaFacturacion de SuministroLR') }
    const { problems: structure, records, cabecera } = readRegFactu(message)
    problems.push(...structure)
    const obligado = cabecera ? field(cabecera, 'ObligadoEmision', 'NIF') : ''
    if (problems.length > 0) return { status: 500, xml: fault(`Codigo[4102].El XML no cumple el esquema: ${problems.join('; ')}`) }

    const lines: string[] = []
    for (const record of records) {
      const alta = record.name === 'RegistroAlta'
      const nifOf = alta ? field(record, 'IDFactura', 'IDEmisorFactura') : field(record, 'IDFactura', 'IDEmisorFacturaAnulada')
      const number = alta ? field(record, 'IDFactura', 'NumSerieFactura') : field(record, 'IDFactura', 'NumSerieFacturaAnulada')
      const day = alta ? field(record, 'IDFactura', 'FechaExpedicionFactura') : field(record, 'IDFactura', 'FechaExpedicionFacturaAnulada')
      const hash = field(record, 'Huella')
      const key = `${nifOf}|${number}|${day}`
      const previous = field(record, 'Encadenamiento', 'RegistroAnterior', 'Huella') || null
      const generated = field(record, 'FechaHoraHusoGenRegistro')
      const input = alta
        ? altaHashInput({
            IDEmisorFactura: nifOf,
            NumSerieFactura: number,
            FechaExpedicionFactura: day,
            TipoFactura: field(record, 'TipoFactura'),
            CuotaTotal: field(record, 'CuotaTotal'),
            ImporteTotal: field(record, 'ImporteTotal'),
            previousHash: previous,
            FechaHoraHusoGenRegistro: generated,
          })
        : anulacionHashInput({
            IDEmisorFacturaAnulada: nifOf,
            NumSerieFacturaAnulada: number,
            FechaExpedicionFacturaAnulada: day,
            previousHash: previous,
            FechaHoraHusoGenRegistro: generated,
          })
      const idXml = `<tikR:IDFactura><tik:IDEmisorFactura>${nifOf}</tik:IDEmisorFactura><tik:NumSerieFactura>${number}</tik:NumSerieFactura><tik:FechaExpedicionFactura>${day}</tik:FechaExpedicionFactura></tikR:IDFactura><tikR:Operacion><tik:TipoOperacion>${alta ? 'Alta' : 'Anulacion'}</tik:TipoOperacion></tikR:Operacion>`
      const line = (state: string, extra = '') => {
        if (!alta && state === 'Incorrecto') rejectedAnulaciones.add(key)
        lines.push(`<tikR:RespuestaLinea>${idXml}<tikR:EstadoRegistro>${state}</tikR:EstadoRegistro>${extra}</tikR:RespuestaLinea>`)
      }
      const error = (code: string, description: string) =>
        `<tikR:CodigoErrorRegistro>${code}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${description}</tikR:DescripcionErrorRegistro>`
      const existing = held.get(key)
      const withoutPrevious = !alta && field(record, 'SinRegistroPrevio') === 'S'
      // A subsanación (Subsanacion S) replaces the record held; after a rejection (RechazoPrevio X) none may be held.
      const subsanacion = alta && field(record, 'Subsanacion') === 'S'
      if (subsanacion && field(record, 'RechazoPrevio') === 'X' && existing) {
        line('Incorrecto', error('3000', 'Registro de facturación duplicado.'))
        continue
      }
      if (alta && existing && !subsanacion) {
        // The same record again (its answer was lost): not a new link of the chain.
        existing.times++
        line(
          'Incorrecto',
          `${error('3000', 'Registro de facturación duplicado.')}<tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>${requestCount}</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>${existing.state}</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado>`,
        )
        continue
      }
      if (!alta && existing?.state === 'Anulada') {
        line('Incorrecto', error('3001', 'El registro de facturación ya ha sido dado de baja.'))
        continue
      }
      // The chain: each new record names the one received before it (or is the first).
      const named = field(record, 'Encadenamiento', 'RegistroAnterior', 'NumSerieFactura') || null
      if (last ? previous !== last.hash || named !== last.number : previous !== null)
        chainProblems.push(`${number}: does not follow ${last?.number ?? 'nothing'}`)
      last = { nif: nifOf, number, date: day, hash }
      if (nifOf !== obligado) {
        line('Incorrecto', error('1104', 'El NIF del emisor no coincide con el de la cabecera.'))
        continue
      }
      // RechazoPrevio S says an earlier anulación of the invoice was rejected (the web service's description §9.2.2).
      if (!alta && field(record, 'RechazoPrevio') === 'S' && !rejectedAnulaciones.has(key)) {
        line('Incorrecto', error('1100', 'RechazoPrevio S sin una anulación rechazada de esta factura.'))
        continue
      }
      // An anulación "sin registro previo" creates the invoice's record as voided: none may be held
      // (§9.2.3); any other needs a record held.
      if (withoutPrevious && existing) {
        line('Incorrecto', error('3003', 'Ya existe un registro de facturación de esta factura.'))
        continue
      }
      if (!alta && !existing && !withoutPrevious) {
        line('Incorrecto', error('3002', 'No existe el registro de facturación.'))
        continue
      }
      const rejection = behaviour.reject.get(number) ?? behaviour.rejectBuyer.get(field(record, 'Destinatarios', 'IDDestinatario', 'NIF'))
      if (rejection) {
        line('Incorrecto', error(rejection.code, rejection.description))
        continue
      }
      if (alta) amountProblems.push(...altaAmountProblems(number, record))
      const fingerprintRight = fingerprint(input) === hash
      if (!fingerprintRight) chainProblems.push(`${number}: its fingerprint is not its fields'`)
      const warning =
        behaviour.warn.get(number) ?? (fingerprintRight ? undefined : { code: '2000', description: 'El cálculo de la huella no es correcto.' })
      if (alta) held.set(key, { state: warning ? 'AceptadaConErrores' : 'Correcta', hash, times: (existing?.times ?? 0) + 1 })
      else if (existing) existing.state = 'Anulada'
      else held.set(key, { state: 'Anulada', hash, times: 1 })
      if (warning) line('AceptadoConErrores', error(warning.code, warning.description))
      else line('Correcto')
    }
    messages.push({
      numbers: records.map((record) => field(record, 'IDFactura', 'NumSerieFactura') || field(record, 'IDFactura', 'NumSerieFacturaAnulada')),
      at: new Date(),
      clientSubject,
    })
    const states = lines.map((line) => /<tikR:EstadoRegistro>(\w+)</.exec(line)?.[1])
    const sendState = states.every((state) => state === 'Correcto')
      ? 'Correcto'
      : states.every((state) => state === 'Incorrecto')
        ? 'Incorrecto'
        : 'ParcialmenteCorrecto'
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${verifactuNamespaces.soap}"><env:Header/><env:Body>` +
      `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${verifactuNamespaces.answer}" xmlns:tik="${verifactuNamespaces.info}">` +
      `<tikR:CSV>A-${String(requestCount).padStart(15, '0')}</tikR:CSV>` +
      `<tikR:DatosPresentacion><tik:NIFPresentador>${obligado}</tik:NIFPresentador><tik:TimestampPresentacion>${new Date().toISOString().slice(0, 19)}+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>` +
      `<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>${field(cabecera!, 'ObligadoEmision', 'NombreRazon')}</tik:NombreRazon><tik:NIF>${obligado}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>` +
      `<tikR:TiempoEsperaEnvio>${behaviour.waitSeconds}</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>${sendState}</tikR:EstadoEnvio>` +
      lines.join('') +
      '</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>'
    return { status: 200, xml }
  }

  const server: Server = createServer({ cert: tls.cert, key: tls.key, ca: tls.ca, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requestCount++
      const peer = req.socket instanceof TLSSocket ? req.socket.getPeerCertificate() : null
      const reply = (status: number, xml: string) => {
        res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' })
        res.end(xml)
      }
      if (req.method !== 'POST' || req.url !== '/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP') return reply(404, '<html>no</html>')
      if (behaviour.faultOnce) {
        const message = behaviour.faultOnce
        behaviour.faultOnce = null
        return reply(500, fault(message))
      }
      const subject = peer?.subject?.CN
      const { status, xml } = answer(Buffer.concat(chunks).toString('utf8'), Array.isArray(subject) ? subject.join(', ') : (subject ?? ''))
      const delay = behaviour.delayOnceMs
      behaviour.delayOnceMs = 0
      if (delay > 0) setTimeout(() => reply(status, xml), delay).unref()
      else reply(status, xml)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://127.0.0.1:${port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`,
    held,
    messages,
    chainProblems,
    amountProblems,
    behaviour,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A fake AEAT for a shop started as a process (the journeys' `npm start`): the settings that make
 * it send there with a certificate of its own, the fake's authority trusted through NODE_EXTRA_CA_CERTS.
 */
export async function fakeAeatForShop(): Promise<{ fake: FakeAeat; env: Record<string, string>; close(): Promise<void> }> {
  const certs = makeTestCertificates()
  const fake = await startFakeAeat({ ...certs.server, ca: certs.ca })
  return {
    fake,
    env: {
      VERIFACTU_CERT_PATH: certs.clientP12Path,
      VERIFACTU_CERT_PASSWORD: certs.password,
      VERIFACTU_ENDPOINT: fake.url,
      NODE_EXTRA_CA_CERTS: join(certs.dir, 'ca.crt'),
    },
    close: () => fake.close(),
  }
}
