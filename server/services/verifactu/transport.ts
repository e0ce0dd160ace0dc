/**
 * Posting a SOAP message to the AEAT's VERI*FACTU web service over mutual TLS: the company's
 * certificate authenticates the shop (the web service's description, §3). Every failure short of
 * an answer (unreachable, refused handshake, timeout, an HTTP error without a SOAP body) is a
 * TransportError: the records stay waiting and go in a later message.
 */
import { request } from 'node:https'
import type { VerifactuService } from '../../../core/verifactu.ts'
import type { ClientCertificate } from './certificate.ts'

/** The web service's addresses for a company certificate (a seal certificate uses www10 / prewww10: VERIFACTU_ENDPOINT). */
export const verifactuEndpoints: Record<VerifactuService, string> = {
  test: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
  production: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
}

export class TransportError extends Error {
  override name = 'TransportError'
}

export interface AeatTransport {
  /** Posts one envelope; resolves with the answer's body (a SOAP answer or fault). */
  post(envelope: string): Promise<string>
}

export interface TransportOptions {
  endpoint: string
  certificate: Pick<ClientCertificate, 'cert' | 'key'>
  /** Authorities to trust instead of Node's (tests: the fake AEAT's own). */
  ca?: string
  timeoutMs?: number
}

const maxAnswerBytes = 20 * 1024 * 1024

export function httpsTransport(options: TransportOptions): AeatTransport {
  const timeoutMs = options.timeoutMs ?? 60_000
  return {
    post(envelope) {
      return new Promise((resolve, reject) => {
        const req = request(
          options.endpoint,
          {
            method: 'POST',
            cert: options.certificate.cert,
            key: options.certificate.key,
            ...(options.ca ? { ca: options.ca } : {}),
            headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', 'content-length': Buffer.byteLength(envelope) },
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = []
            let size = 0
            res.on('data', (chunk: Buffer) => {
              size += chunk.length
              if (size > maxAnswerBytes) req.destroy(new TransportError('the answer is too large'))
              else chunks.push(chunk)
            })
            res.on('end', () => {
              const body = Buffer.concat(chunks).toString('utf8')
              // A SOAP fault comes with 500; anything else without SOAP is not an answer.
              if (body.includes('Envelope')) resolve(body)
              else reject(new TransportError(`the AEAT answered HTTP ${res.statusCode} without a SOAP message`))
            })
            res.on('error', (error) => reject(new TransportError(error.message)))
          },
        )
        req.on('timeout', () => req.destroy(new TransportError(`no answer within ${timeoutMs / 1000} s`)))
        req.on('error', (error) => reject(error instanceof TransportError ? error : new TransportError(error.message)))
        req.end(envelope)
      })
    },
  }
}
