import { shownPhone } from '../phones.ts'
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { contacts } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { renderCatalogEmail } from '../emails/catalog.ts'
import { renderContactMessage } from '../emails/contact.ts'
import type { CatalogPdfs } from './catalog-pdf/index.ts'
import type { AppLogger } from '../logger.ts'
import type { Mailer } from './mail.ts'
import { RateLimitedError, type RateLimits } from './rate-limits.ts'
import type { Company } from '../../core/company.ts'
import type { CatalogRequest, ContactMessage } from '../../core/forms.ts'
import type { Language } from '../../core/language.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import { AppError } from '../errors.ts'
import { adminPageSize } from '../../core/admin-lists.ts'

export interface FormDeps {
  mailer: Mailer
  publicUrl: string
  /** Whose facts sign the emails. */
  company: Company
  log: Pick<AppLogger, 'error' | 'info'>
}

/**
 * A visitor's message (docs/product.md#forms): stored (source `contact`, status `new`, the user's
 * id when signed in) and emailed to the shop (ORDER_NOTIFY_EMAILS) with Reply-To the visitor. A filled honeypot is
 * answered like a success and dropped, so a bot learns nothing.
 */
export async function submitContact(
  db: Database,
  input: ContactMessage,
  from: { userId: string | null; language: Language },
  // notifyEmails: who receives the visitors' messages (ORDER_NOTIFY_EMAILS).
  deps: FormDeps & { notifyEmails: readonly string[] },
) {
  if (input.website !== '') {
    deps.log.info({ form: 'contact' }, 'honeypot filled: message dropped')
    return
  }
  await db.insert(contacts).values({
    userId: from.userId,
    name: input.name,
    company: input.company || null,
    email: input.email,
    phone: input.phone || null,
    message: input.message,
    source: 'contact',
    status: 'new',
    language: from.language,
  })
  const email = renderContactMessage({ ...input, language: from.language, adminUrl: new URL('/admin', deps.publicUrl).href }, deps.company)
  try {
    await deps.mailer.send({ to: deps.notifyEmails.join(', '), ...email, replyTo: { name: input.name, address: input.email }, kind: 'contact' })
  } catch (error) {
    // Stored and on /admin: a mail failure is logged, the visitor's message is not lost.
    deps.log.error({ err: error }, 'contact email failed')
  }
}

/**
 * A catalog request (docs/product.md#forms): stored (source `catalog_request`), the PDF in the
 * requested language emailed as an attachment, and its address returned to open at once. The email
 * outbox keeps the email while the mail server is down and sends it when it is back (ADR 019), so
 * the visitor is answered as sent; only an email that could not even be queued is their failure.
 */
export async function requestCatalog(
  db: Database,
  input: CatalogRequest,
  from: { userId: string | null },
  deps: FormDeps & { catalogPdf: CatalogPdfs; limits: Pick<RateLimits, 'consume'> },
): Promise<{ downloadUrl: string }> {
  const downloadUrl = new URL(`/catalog.pdf?lang=${input.language}`, deps.publicUrl).href
  if (input.website !== '') {
    deps.log.info({ form: 'catalog' }, 'honeypot filled: request dropped')
    return { downloadUrl }
  }
  const [row] = await db
    .insert(contacts)
    .values({
      userId: from.userId,
      name: input.name,
      email: input.email,
      source: 'catalog_request',
      status: 'new',
      language: input.language,
    })
    .returning({ id: contacts.id })
  // At most two catalog emails a day reach one address, however many clients ask. The request is
  // kept and answered alike (the PDF opens at once): whoever typed the address learns nothing, and
  // its owner already has the catalog twice in the inbox today.
  try {
    await deps.limits.consume('catalogEmailsPerRecipient', input.email.toLowerCase())
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error
    deps.log.info({ form: 'catalog', request: row?.id }, 'catalog email not sent: this address had its two today')
    return { downloadUrl }
  }
  const pdf = await deps.catalogPdf.get(input.language)
  const email = renderCatalogEmail(
    {
      name: input.name,
      language: input.language,
      shopUrl: new URL(localizedPath('/shop', input.language), deps.publicUrl).href,
    },
    deps.company,
  )
  try {
    await deps.mailer.send({
      to: input.email,
      ...email,
      kind: 'catalog',
      attachments: [{ filename: pdf.filename, content: pdf.body, contentType: 'application/pdf' }],
    })
  } catch (error) {
    deps.log.error({ err: error, request: row?.id }, 'catalog email could not be queued')
    throw new AppError('SERVICE_UNAVAILABLE', messages.catalogNotSent, { cause: error })
  }
  return { downloadUrl }
}

const visitorSources = ['contact', 'catalog_request'] as const

/** What a visitor sent (a message, a catalog or wholesale request): the admin's list and the sender's data export show it. */
export const visitorMessageColumns = {
  status: contacts.status,
  name: contacts.name,
  company: contacts.company,
  email: contacts.email,
  phone: contacts.phone,
  message: contacts.message,
  language: contacts.language,
}

/**
 * Contact messages and catalog requests, newest first, one page at a time (the admin dashboard);
 * `unanswered`: only the contact messages not yet answered (a catalog request is answered by its email).
 */
export async function visitorMessages(db: Database, page: number, opts: { unanswered?: boolean | undefined } = {}) {
  const where = opts.unanswered ? and(eq(contacts.source, 'contact'), eq(contacts.status, 'new')) : inArray(contacts.source, [...visitorSources])
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: contacts.id,
        source: contacts.source,
        ...visitorMessageColumns,
        createdAt: contacts.createdAt,
      })
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(adminPageSize)
      .offset((page - 1) * adminPageSize),
    db.select({ count: count() }).from(contacts).where(where),
  ])
  const totalCount = total?.count ?? 0
  return {
    messages: rows.map(({ createdAt, ...row }) => ({ ...row, phoneDisplay: shownPhone(row.phone), createdAt: createdAt.toISOString() })),
    page,
    pageSize: adminPageSize,
    total: totalCount,
    pageCount: Math.max(1, Math.ceil(totalCount / adminPageSize)),
  }
}

/** Marks a contact message or catalog request as answered (again: nothing changes). */
export async function markAnswered(db: Database, decision: { id: string; adminId: string }) {
  const [row] = await db
    .update(contacts)
    .set({
      status: 'answered',
      reviewedAt: sql`coalesce(${contacts.reviewedAt}, now())`,
      reviewedBy: sql`coalesce(${contacts.reviewedBy}, ${decision.adminId})`,
    })
    .where(and(eq(contacts.id, decision.id), inArray(contacts.source, [...visitorSources])))
    .returning({ id: contacts.id })
  if (!row) throw notFound(messages.messageNotFound)
}
