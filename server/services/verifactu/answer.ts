/**
 * The AEAT's answer to a message (RespuestaSuministro.xsd, described in §6.4.4 and §6.5.2 of the web
 * service's description): the message's state, the wait before the next message
 * (TiempoEsperaEnvio), and one RespuestaLinea per record; or a SOAP Fault when the whole message
 * was refused (its XML or header).
 */
import { XMLParser } from 'fast-xml-parser'

export type AeatRecordState = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto'
/** L21: the state of the record the AEAT already held, given with a "duplicate" rejection. */
export type AeatDuplicateState = 'Correcta' | 'AceptadaConErrores' | 'Anulada'

export interface AeatLine {
  number: string
  date: string
  operation: 'Alta' | 'Anulacion'
  state: AeatRecordState
  code: string | null
  description: string | null
  duplicate: AeatDuplicateState | null
}

export type AeatAnswer =
  { kind: 'answer'; csv: string | null; sendState: string; waitSeconds: number; lines: AeatLine[] } | { kind: 'fault'; message: string }

/** The rejections of a record the AEAT already holds: an alta (3000) or an anulación (3001) sent before. */
export const duplicateCodes: ReadonlySet<string> = new Set(['3000', '3001'])

/** The wait the law starts with (Orden HAC/1177/2024 art. 16.2), used until an answer gives another. */
export const initialWaitSeconds = 60

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'RespuestaLinea',
})

type Tree = { [key: string]: unknown }
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value)
const child = (tree: unknown, name: string): Tree | undefined => {
  const value = isTree(tree) ? tree[name] : undefined
  return isTree(value) ? value : undefined
}
const text = (tree: unknown, name: string): string | null => {
  const value = isTree(tree) ? tree[name] : undefined
  return typeof value === 'string' && value !== '' ? value : null
}

const recordStates: readonly AeatRecordState[] = ['Correcto', 'AceptadoConErrores', 'Incorrecto']
const duplicateStates: readonly AeatDuplicateState[] = ['Correcta', 'AceptadaConErrores', 'Anulada']

export class AeatAnswerError extends Error {
  override name = 'AeatAnswerError'
}

/** Reads the AEAT's answer; throws AeatAnswerError when it is neither an answer nor a fault (a proxy's page, a cut answer). */
export function parseAeatAnswer(xml: string): AeatAnswer {
  let document: unknown
  try {
    document = parser.parse(xml, true)
  } catch (error) {
    throw new AeatAnswerError(`the AEAT's answer is not XML: ${error instanceof Error ? error.message : String(error)}`)
  }
  const body = child(child(document, 'Envelope'), 'Body')
  const fault = child(body, 'Fault')
  if (fault) return { kind: 'fault', message: text(fault, 'faultstring') ?? 'SOAP Fault without a message' }
  const answer = child(body, 'RespuestaRegFactuSistemaFacturacion')
  if (!answer) throw new AeatAnswerError('the AEAT answered without RespuestaRegFactuSistemaFacturacion')
  const wait = Number(text(answer, 'TiempoEsperaEnvio'))
  const rawLines: unknown = answer.RespuestaLinea
  if (rawLines !== undefined && !Array.isArray(rawLines)) throw new AeatAnswerError('RespuestaLinea is not a list')
  const lines = (rawLines ?? []).map((line: unknown): AeatLine => {
    const id = child(line, 'IDFactura')
    const state = recordStates.find((known) => known === text(line, 'EstadoRegistro'))
    const operation = text(child(line, 'Operacion'), 'TipoOperacion')
    const number = text(id, 'NumSerieFactura') ?? text(id, 'NumSerieFacturaAnulada')
    const date = text(id, 'FechaExpedicionFactura') ?? text(id, 'FechaExpedicionFacturaAnulada')
    if (!number || !date || !state || (operation !== 'Alta' && operation !== 'Anulacion'))
      throw new AeatAnswerError('a RespuestaLinea without its invoice, operation or state')
    const duplicateState = text(child(line, 'RegistroDuplicado'), 'EstadoRegistroDuplicado')
    const duplicate = duplicateStates.find((known) => known === duplicateState) ?? null
    return {
      number,
      date,
      operation,
      state,
      code: text(line, 'CodigoErrorRegistro'),
      description: text(line, 'DescripcionErrorRegistro'),
      duplicate,
    }
  })
  return {
    kind: 'answer',
    csv: text(answer, 'CSV'),
    sendState: text(answer, 'EstadoEnvio') ?? 'desconocido',
    waitSeconds: Number.isInteger(wait) && wait >= 0 ? wait : initialWaitSeconds,
    lines,
  }
}
