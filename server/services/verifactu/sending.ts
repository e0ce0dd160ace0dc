/**
 * What the running shop does about sending (docs/decisions/028): with a certificate, a sender
 * every few seconds on every instance (one sends at a time: its lock) and a warning in the log
 * from 30 days before the certificate expires, again each day; without one, a line saying the
 * records are kept but not sent; with VERIFACTU=off, nothing.
 */
import type { DatabaseHandle } from '../../db/client.ts'
import type { Env } from '../../env.ts'
import type { AppLogger } from '../../logger.ts'
import { certificateWarningDays, daysLeft } from './certificate.ts'
import { createVerifactuSender } from './sender.ts'
import { httpsTransport } from './transport.ts'

export interface VerifactuSendingOptions {
  /** Authorities to trust for the AEAT's address instead of Node's (tests: the fake AEAT's). */
  ca?: string
  everyMs?: number
}

export function startVerifactuSending(
  env: Pick<Env, 'verifactu' | 'verifactuSending' | 'company'>,
  database: Pick<DatabaseHandle, 'db' | 'unlessBusy'>,
  log: Pick<AppLogger, 'info' | 'warn' | 'error'>,
  opts: VerifactuSendingOptions = {},
): { stop(): Promise<void> } {
  const { mode } = env.verifactu
  if (mode === 'off') return { stop: async () => {} }
  const sending = env.verifactuSending
  if (!sending) {
    log.warn({ service: mode }, 'VERI*FACTU: records are made and kept but not sent to the AEAT (VERIFACTU_CERT_PATH is not set)')
    return { stop: async () => {} }
  }
  const { certificate } = sending
  const checkCertificate = () => {
    const left = daysLeft(certificate, new Date())
    const context = { subject: certificate.subject, notAfter: certificate.notAfter.toISOString(), daysLeft: left }
    if (left < 0) log.error(context, 'VERI*FACTU: the certificate has expired: records are not being sent to the AEAT')
    else if (left <= certificateWarningDays) log.warn(context, 'VERI*FACTU: the certificate expires soon: renew it (VERIFACTU_CERT_PATH)')
  }
  checkCertificate()
  const daily = setInterval(checkCertificate, 86_400_000)
  daily.unref()
  const sender = createVerifactuSender({
    database,
    service: mode,
    obligado: { NombreRazon: env.company.legalName, NIF: env.company.taxId },
    transport: httpsTransport({ endpoint: sending.endpoint, certificate, ...(opts.ca ? { ca: opts.ca } : {}) }),
    log,
  })
  log.info({ service: mode, endpoint: sending.endpoint, subject: certificate.subject }, 'VERI*FACTU: records are sent to the AEAT')
  const running = sender.start(opts.everyMs)
  return {
    async stop() {
      clearInterval(daily)
      await running.stop()
    },
  }
}
