import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { startSmtpSink } from '../../tests/helpers/smtp-sink.ts'
import { afterEach, describe, expect, it } from 'vitest'
import { createMailer, type MailMessage } from './mail.ts'

const FROM = 'Tienda Paneles <tienda@example.com>'
const orderNumber = 'ORD-20250131-0042'
const message: MailMessage = {
  to: 'cliente@example.com',
  subject: `Confirmación de pedido ${orderNumber}`,
  text: `Hola José, gracias por tu pedido ${orderNumber}. Total: 1.234,56 €`,
  html: `<p>Hola José, gracias por tu pedido <strong>${orderNumber}</strong>. Total: 1.234,56 €</p>`,
  kind: 'order-confirmation',
}

interface LogLine {
  level: 'info' | 'warn'
  obj: object
  msg: string | undefined
}

function recordingLog() {
  const lines: LogLine[] = []
  return {
    lines,
    info(obj: object, msg?: string) {
      lines.push({ level: 'info', obj, msg })
    },
    warn(obj: object, msg?: string) {
      lines.push({ level: 'warn', obj, msg })
    },
  }
}

// --- a minimal RFC 822 / MIME reader, enough to check what a mail client would show ---

function splitHeadersAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n')
  const end = normalized.indexOf('\n\n')
  const head = end === -1 ? normalized : normalized.slice(0, end)
  const body = end === -1 ? '' : normalized.slice(end + 2)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function qpBytes(text: string): number[] {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i)
    const hex = text.slice(i + 1, i + 3)
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(char, 'utf8'))
    }
  }
  return bytes
}

/** RFC 2047 encoded words (B and Q), adjacent words joined before UTF-8 decoding. */
function decodeHeader(value: string): string {
  return value.replace(/(\?=)\s+(=\?)/g, '$1$2').replace(/(?:=\?([^?]+)\?([BbQq])\?([^?]*)\?=)+/g, (run) => {
    const bytes: number[] = []
    for (const word of run.matchAll(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g)) {
      const [, charset = '', encoding = '', payload = ''] = word
      expect(charset.toLowerCase()).toBe('utf-8')
      if (encoding.toUpperCase() === 'B') bytes.push(...Buffer.from(payload, 'base64'))
      else bytes.push(...qpBytes(payload.replace(/_/g, ' ')))
    }
    return Buffer.from(bytes).toString('utf8')
  })
}

function decodeBody(body: string, transferEncoding: string | undefined): string {
  const encoding = (transferEncoding ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return Buffer.from(qpBytes(body.replace(/=\n/g, ''))).toString('utf8')
  return body
}

interface MimePart {
  contentType: string
  text: string
}

/** Leaf parts of a (possibly nested) multipart message, decoded. */
function mimeParts(raw: string): MimePart[] {
  const { headers, body } = splitHeadersAndBody(raw)
  const contentType = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1)
    return sections.filter((section) => !section.startsWith('--')).flatMap((section) => mimeParts(section.replace(/^\n/, '')))
  }
  return [{ contentType, text: decodeBody(body, headers.get('content-transfer-encoding')) }]
}

function expectReadableMessage(raw: string) {
  const { headers } = splitHeadersAndBody(raw)
  expect(headers.get('to')).toBe(message.to)
  expect(decodeHeader(headers.get('from') ?? '')).toBe(FROM)
  expect(decodeHeader(headers.get('subject') ?? '')).toBe(message.subject)
  expect(headers.get('mime-version')).toBe('1.0')
  expect(headers.get('message-id')).toMatch(/^<.+@.+>$/)
  // the raw header is RFC 2047 encoded: plain ASCII on the wire
  expect(headers.get('subject')).toMatch(/^[\x20-\x7e]+$/)

  const parts = mimeParts(raw)
  const text = parts.find((part) => /^text\/plain/i.test(part.contentType))
  const html = parts.find((part) => /^text\/html/i.test(part.contentType))
  expect(text?.contentType).toMatch(/charset=utf-8/i)
  expect(html?.contentType).toMatch(/charset=utf-8/i)
  expect(text?.text.trim()).toBe(message.text)
  expect(html?.text.trim()).toBe(message.html)
}

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.()
})

describe('createMailer without SMTP_URL (outbox)', () => {
  it('writes one RFC 822 .eml with UTF-8 headers and text + html parts, and logs the file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mail-outbox-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const outboxDir = join(root, 'nested', 'outbox') // created on demand
    const log = recordingLog()
    const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir, log })
    cleanups.push(() => mailer.close())
    expect(mailer.transport).toBe('outbox')

    await mailer.send(message)

    const files = await readdir(outboxDir)
    expect(files).toHaveLength(1)
    const [file = ''] = files
    expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-order-confirmation-[0-9a-f]{8}\.eml$/)
    const raw = await readFile(join(outboxDir, file), 'utf8')
    expect(raw).not.toContain('\r\n') // newline: 'unix'
    expectReadableMessage(raw)

    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]?.level).toBe('info')
    expect(log.lines[0]?.obj).toMatchObject({ kind: 'order-confirmation', to: message.to, file: join(outboxDir, file) })
    expect(JSON.stringify(log.lines)).not.toContain('gracias')

    // a second message gets its own file
    await mailer.send({ ...message, kind: 'Contact Form!' })
    const after = await readdir(outboxDir)
    expect(after).toHaveLength(2)
    expect(after.some((name) => /-contact-form-[0-9a-f]{8}\.eml$/.test(name))).toBe(true)
  })
})

describe('createMailer with SMTP_URL', () => {
  it('delivers through a real SMTP server and logs kind, recipient and messageId only', { timeout: 15_000 }, async () => {
    const sink = await startSmtpSink()
    cleanups.push(sink.close)
    const received = sink.received

    const log = recordingLog()
    const mailer = createMailer({ smtpUrl: sink.url, from: FROM, outboxDir: '/nonexistent', log })
    cleanups.push(() => mailer.close())
    expect(mailer.transport).toBe('smtp')

    await mailer.send(message)

    expect(received).toHaveLength(1)
    const [delivery] = received
    expect(delivery?.from).toBe('tienda@example.com')
    expect(delivery?.to).toEqual([message.to])
    expectReadableMessage(delivery?.raw ?? '')

    expect(log.lines).toHaveLength(1)
    const line = log.lines[0]
    expect(line?.level).toBe('info')
    expect(line?.obj).toMatchObject({ kind: 'order-confirmation', to: message.to })
    expect((line?.obj as { messageId?: unknown }).messageId).toMatch(/^<.+@.+>$/)
    expect(JSON.stringify(log.lines)).not.toContain('gracias')
  })

  it('rejects and logs a warning (without the URL) when the server refuses', { timeout: 15_000 }, async () => {
    let authenticatedAs: string | undefined
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        authenticatedAs = auth.username
        callback(null, { user: auth.username })
      },
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const { port } = server.server.address() as AddressInfo

    const log = recordingLog()
    const smtpUrl = `smtp://user:s3cret-pass@127.0.0.1:${port}?ignoreTLS=true`
    const mailer = createMailer({ smtpUrl, from: FROM, outboxDir: '/nonexistent', log })
    cleanups.push(() => mailer.close())

    await expect(mailer.send(message)).rejects.toThrow(/Mailbox unavailable/)
    expect(authenticatedAs).toBe('user')
    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]?.level).toBe('warn')
    expect(log.lines[0]?.obj).toMatchObject({ kind: 'order-confirmation', to: message.to })
    expect(JSON.stringify(log.lines)).not.toContain('s3cret-pass')
  })
})
