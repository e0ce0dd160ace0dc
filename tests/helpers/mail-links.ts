import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { HttpShopper } from './http-shopper.ts'

/** A raw email with its body's quoted-printable soft line breaks and `=3D` undone: enough to read links. */
export function readable(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/)
  if (split < 0) return raw
  return (
    raw.slice(0, split) +
    raw
      .slice(split)
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
  )
}

/** The first link in an email whose path starts with `path` (`/api/auth/verify-email`, …). */
export function linkIn(raw: string, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const match = new RegExp(`https?://[^\\s"<>]+?${escaped}[^\\s"<>]*`).exec(readable(raw))
  if (!match) throw new Error(`no ${path} link in the email`)
  return match[0].replace(/&amp;/g, '&')
}

/**
 * Waits for an email to `to` that `match` accepts (the server sends some without waiting), among
 * those sent after the first `since` of the outbox.
 */
export async function waitForMail(outbox: () => string[], to: string, match: (mail: string) => boolean = () => true, since = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = outbox()
      .slice(since)
      .find((m) => m.includes(`To: ${to}`) && match(readable(m)))
    if (mail) return readable(mail)
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`no matching email to ${to}`)
}

/** The messages written to an outbox folder, oldest first. */
export function readOutbox(outboxDir: string): string[] {
  let files: string[]
  try {
    files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
  } catch {
    return []
  }
  return files.map((f) => readFileSync(join(outboxDir, f), 'utf8'))
}

/** Opens an emailed auth link (`/api/auth/verify-email?…`) as a browser would, following nothing: where it sends the browser. */
export async function openAuthLink(shopper: HttpShopper, link: string) {
  const url = new URL(link)
  const res = await shopper.authGet(`${url.pathname.replace('/api/auth/', '')}${url.search}`)
  return { status: res.statusCode, location: res.headers.location ?? '' }
}

/** The first attachment of a type in a raw email (nodemailer writes them in base64), as bytes. */
export function attachmentIn(raw: string, type: string): Buffer {
  const start = raw.search(new RegExp(`Content-Type: ${type.replace('/', '\\/')}`, 'i'))
  if (start < 0) throw new Error(`no ${type} attachment in the email`)
  const part = raw.slice(start)
  const body = part.slice(part.search(/\r?\n\r?\n/)).trimStart()
  return Buffer.from(body.slice(0, body.search(/\r?\n--/)).replace(/\s+/g, ''), 'base64')
}
