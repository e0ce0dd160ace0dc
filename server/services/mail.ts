import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createTransport } from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  html: string
  text: string
  /** for logs and the outbox file name */
  kind: string
  /** Where a reply goes (a visitor's message: to the visitor). */
  replyTo?: { name: string; address: string }
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>
  /** Queued once whoever asks (ADR 019): `order-confirmation:<orderId>`. Transports ignore it. */
  dedupeKey?: string
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}

export interface MailerLog {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587`, `smtps://…`; without it messages go to `outboxDir` */
  smtpUrl?: string | undefined
  from: string
  outboxDir: string
  log: MailerLog
}

/**
 * One mailer for the whole server: SMTP through `SMTP_URL`, or (the embedded default) every
 * message written as an RFC 822 `.eml` file into the outbox folder. Bodies and credentials are
 * never logged.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const smtpUrl = opts.smtpUrl?.trim()
  return smtpUrl ? createSmtpMailer(smtpUrl, opts) : createOutboxMailer(opts)
}

function createSmtpMailer(smtpUrl: string, opts: MailerOptions): Mailer {
  // Bounded waits: a hung server fails the attempt (the outbox retries it) well within the
  // outbox's lease, instead of nodemailer's default of minutes.
  const transporter = createTransport({ url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 })
  let closed = false
  return {
    transport: 'smtp',
    async send(message) {
      try {
        const info = await transporter.sendMail(toMailOptions(message, opts.from))
        opts.log.info({ kind: message.kind, to: message.to, messageId: info.messageId }, 'mail sent')
      } catch (error) {
        opts.log.warn({ kind: message.kind, to: message.to, error: describeError(error) }, 'mail send failed')
        throw error
      }
    },
    async close() {
      if (closed) return
      closed = true
      transporter.close()
    },
  }
}

function createOutboxMailer(opts: MailerOptions): Mailer {
  const outboxDir = resolve(opts.outboxDir)
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let dirReady: Promise<unknown> | undefined
  return {
    transport: 'outbox',
    async send(message) {
      dirReady ??= mkdir(outboxDir, { recursive: true })
      try {
        await dirReady
      } catch (error) {
        dirReady = undefined
        throw error
      }
      const info = await composer.sendMail(toMailOptions(message, opts.from))
      const content = info.message
      if (!Buffer.isBuffer(content)) throw new Error('mail outbox: expected a buffered message')
      const file = join(outboxDir, outboxFileName(message.kind))
      await writeFile(file, content, { flag: 'wx' })
      opts.log.info({ kind: message.kind, to: message.to, file, messageId: info.messageId }, 'mail written to outbox')
    },
    async close() {
      composer.close()
    },
  }
}

function toMailOptions(message: MailMessage, from: string) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.attachments ? { attachments: message.attachments } : {}),
    headers: { 'X-Mail-Kind': safeKind(message.kind) },
  }
}

/** `<ISO timestamp without colons>-<kind>-<random>.eml`, e.g. `2025-01-31T101500.123Z-order-confirmation-3f9a1c2b.eml` */
export function outboxFileName(kind: string, now: Date = new Date()): string {
  const timestamp = now.toISOString().replaceAll(':', '')
  return `${timestamp}-${safeKind(kind)}-${randomBytes(4).toString('hex')}.eml`
}

function safeKind(kind: string): string {
  const cleaned = kind
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return cleaned || 'mail'
}

/** Error summary for logs: message and SMTP code/response, never the transport URL. */
export function describeError(error: unknown): { message: string; code?: unknown; responseCode?: unknown } {
  if (!(error instanceof Error)) return { message: String(error) }
  const extra = error as Error & { code?: unknown; responseCode?: unknown }
  return { message: error.message, code: extra.code, responseCode: extra.responseCode }
}
