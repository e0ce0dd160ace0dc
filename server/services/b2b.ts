import { shownPhone } from '../phones.ts'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { contacts, profiles, user } from '../db/schema/index.ts'
import { AppError, hasPgCode, notFound } from '../errors.ts'
import { renderB2bApproved, renderB2bRequestReceived } from '../emails/b2b.ts'
import type { AppLogger } from '../logger.ts'
import type { Mailer } from './mail.ts'
import { b2bRequestMessage, type B2bRequest, type B2bState } from '../../core/b2b.ts'
import type { Company } from '../../core/company.ts'
import type { Language } from '../../core/language.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import { hasWholesaleAccess, type Role } from '../../core/roles.ts'
import { surchargeEligibility } from '../../core/equivalence-surcharge.ts'

// docs/product.md#b2b: a signed-in customer asks once; an admin approves (wholesale prices from the
// user's next request on, the open cart included, since every cart read re-prices for the role),
// rejects, or later revokes. Every transition is a conditional UPDATE: of two admins acting on the
// same request at once, the second finds nothing left to change and gets CONFLICT.

const isB2bRequest = eq(contacts.source, 'b2b_request')

/** The newest wholesale request of a user, if any. */
async function latestRequest(db: Database, userId: string) {
  const [row] = await db
    .select({ status: contacts.status, createdAt: contacts.createdAt })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), isB2bRequest))
    .orderBy(desc(contacts.createdAt))
    .limit(1)
  return row ?? null
}

export interface B2bStatus {
  state: B2bState
  /** When the open request was sent (state `requested`). */
  requestedAt: string | null
  /** The request form's defaults from the profile (state `pending`). */
  prefill: { name: string; company: string; email: string; taxId: string; phone: string } | null
}

export async function b2bStatus(
  db: Database,
  viewer: { userId: string; email: string; emailVerified: boolean; role: Role } | null,
): Promise<B2bStatus> {
  if (!viewer) return { state: 'signed_out', requestedAt: null, prefill: null }
  if (hasWholesaleAccess(viewer.role)) return { state: 'approved', requestedAt: null, prefill: null }
  const request = await latestRequest(db, viewer.userId)
  switch (request?.status) {
    case 'new':
      return { state: 'requested', requestedAt: request.createdAt.toISOString(), prefill: null }
    case 'rejected':
      return { state: 'rejected', requestedAt: null, prefill: null }
    // An approved request whose profile no longer grants access was withdrawn.
    case 'approved':
    case 'revoked':
      return { state: 'revoked', requestedAt: null, prefill: null }
    default: {
      // Nobody asks in the name of an address they have not proven is theirs.
      if (!viewer.emailVerified) return { state: 'unverified', requestedAt: null, prefill: null }
      const [profile] = await db
        .select({ fullName: profiles.fullName, companyName: profiles.companyName, phone: profiles.phone, taxId: profiles.taxId })
        .from(profiles)
        .where(eq(profiles.userId, viewer.userId))
        .limit(1)
      return {
        state: 'pending',
        requestedAt: null,
        prefill: {
          name: profile?.fullName ?? '',
          company: profile?.companyName ?? '',
          email: viewer.email,
          taxId: profile?.taxId ?? '',
          phone: profile?.phone ?? '',
        },
      }
    }
  }
}

export interface B2bDeps {
  mailer: Mailer
  publicUrl: string
  /** Whose facts sign the emails. */
  company: Company
  log: Pick<AppLogger, 'error'>
}

/**
 * Stores the request (contacts, source `b2b_request`, status `new`) and the company, phone and tax
 * id on the profile, then tells the shop (ORDER_NOTIFY_EMAILS, Reply-To the applicant). One open request per user; after a rejection or a
 * revocation the shop, not the customer, decides (docs/product.md#b2b).
 */
export async function requestB2bAccess(
  db: Database,
  requester: { userId: string; role: Role; language: Language; emailVerified: boolean },
  input: B2bRequest,
  // notifyEmails: who hears of the requests (ORDER_NOTIFY_EMAILS).
  deps: B2bDeps & { notifyEmails: readonly string[] },
): Promise<{ requestedAt: string }> {
  if (hasWholesaleAccess(requester.role)) throw new AppError('CONFLICT', messages.b2bAlreadyApproved)
  if (!requester.emailVerified) throw new AppError('FORBIDDEN', messages.emailNotVerified)
  const previous = await latestRequest(db, requester.userId)
  if (previous?.status === 'new') throw new AppError('CONFLICT', messages.b2bAlreadyRequested)
  if (previous) throw new AppError('CONFLICT', messages.b2bRequestClosed)
  let createdAt: Date
  try {
    createdAt = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contacts)
        .values({
          userId: requester.userId,
          name: input.name,
          company: input.company,
          email: input.email,
          phone: input.phone,
          message: b2bRequestMessage(input.taxId),
          source: 'b2b_request',
          status: 'new',
          language: requester.language,
        })
        .returning({ createdAt: contacts.createdAt })
      await tx
        .insert(profiles)
        .values({ userId: requester.userId, fullName: input.name, companyName: input.company, phone: input.phone, taxId: input.taxId })
        .onConflictDoUpdate({
          target: profiles.userId,
          set: { companyName: input.company, phone: input.phone, taxId: input.taxId, updatedAt: sql`now()` },
        })
      return row!.createdAt
    })
  } catch (error) {
    // The same request sent twice at once: the partial unique index keeps one.
    if (hasPgCode(error, '23505')) throw new AppError('CONFLICT', messages.b2bAlreadyRequested, { cause: error })
    throw error
  }
  const email = renderB2bRequestReceived({ ...input, adminUrl: new URL('/admin', deps.publicUrl).href }, deps.company)
  await sendQuietly(deps, { to: deps.notifyEmails.join(', '), ...email, replyTo: { name: input.name, address: input.email }, kind: 'b2b-request' })
  return { requestedAt: createdAt.toISOString() }
}

async function sendQuietly(deps: B2bDeps, message: Parameters<Mailer['send']>[0]) {
  // The decision is committed: a mail failure is logged, never undoes it.
  try {
    await deps.mailer.send(message)
  } catch (error) {
    deps.log.error({ err: error, kind: message.kind }, 'wholesale email failed')
  }
}

/** Why a transition found nothing to change: the request is missing, or someone decided first. */
async function explainNoTransition(db: Database, requestId: string): Promise<never> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, requestId), isB2bRequest))
    .limit(1)
  throw row ? new AppError('CONFLICT', messages.requestAlreadyReviewed) : notFound(messages.requestNotFound)
}

/** Approves a waiting request and grants wholesale access in one transaction, then emails the customer. */
export async function approveB2bRequest(db: Database, decision: { requestId: string; adminId: string }, deps: B2bDeps) {
  const approved = await db.transaction(async (tx) => {
    const [request] = await tx
      .update(contacts)
      .set({ status: 'approved', reviewedAt: sql`now()`, reviewedBy: decision.adminId })
      .where(and(eq(contacts.id, decision.requestId), isB2bRequest, eq(contacts.status, 'new')))
      .returning({ userId: contacts.userId, name: contacts.name, company: contacts.company, language: contacts.language })
    if (!request) return null
    // A request outlives a deleted account (user id set null): nobody is left to approve.
    if (!request.userId) throw notFound(messages.requestNotFound)
    const [account] = await tx
      .update(profiles)
      .set({ approvedB2b: true, updatedAt: sql`now()` })
      .from(user)
      .where(and(eq(profiles.userId, request.userId), eq(user.id, profiles.userId)))
      .returning({ email: user.email })
    if (!account) throw notFound(messages.requestNotFound)
    return { ...request, email: account.email }
  })
  if (!approved) return explainNoTransition(db, decision.requestId)
  const email = renderB2bApproved(
    {
      name: approved.name,
      company: approved.company ?? '',
      language: approved.language,
      shopUrl: new URL(localizedPath('/shop', approved.language), deps.publicUrl).href,
    },
    deps.company,
  )
  await sendQuietly(deps, { to: approved.email, ...email, kind: 'b2b-approved' })
}

export async function rejectB2bRequest(db: Database, decision: { requestId: string; adminId: string }) {
  const [rejected] = await db
    .update(contacts)
    .set({ status: 'rejected', reviewedAt: sql`now()`, reviewedBy: decision.adminId })
    .where(and(eq(contacts.id, decision.requestId), isB2bRequest, eq(contacts.status, 'new')))
    .returning({ id: contacts.id })
  if (!rejected) return explainNoTransition(db, decision.requestId)
}

/** Withdraws wholesale access: retail prices from the user's next request on, the open cart included. */
export async function revokeB2bAccess(db: Database, decision: { userId: string; adminId: string }) {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .update(profiles)
      // The recargo goes with the access: approved again, the admin decides it again.
      .set({ approvedB2b: false, equivalenceSurcharge: false, updatedAt: sql`now()` })
      .where(and(eq(profiles.userId, decision.userId), eq(profiles.approvedB2b, true)))
      .returning({ userId: profiles.userId })
    if (!profile) throw new AppError('CONFLICT', messages.notWholesaleCustomer)
    await tx
      .update(contacts)
      .set({ status: 'revoked', reviewedAt: sql`now()`, reviewedBy: decision.adminId })
      .where(and(eq(contacts.userId, decision.userId), isB2bRequest, eq(contacts.status, 'approved')))
  })
}

/** Waiting requests, newest first (the admin dashboard's first table). */
export function pendingB2bRequests(db: Database) {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      company: contacts.company,
      message: contacts.message,
      createdAt: contacts.createdAt,
      // Whether the requester's account proved its address (docs/decisions/012): the admin sees it.
      emailVerified: sql<boolean>`coalesce(${user.emailVerified}, false)`,
    })
    .from(contacts)
    .leftJoin(user, eq(user.id, contacts.userId))
    .where(and(isB2bRequest, eq(contacts.status, 'new')))
    .orderBy(desc(contacts.createdAt))
    .then((rows) => rows.map(({ createdAt, ...row }) => ({ ...row, phoneDisplay: shownPhone(row.phone), createdAt: createdAt.toISOString() })))
}

/**
 * Approved wholesale customers, newest approval first, each with the email of their approved
 * request (the account's email when access was granted another way): one query, no query per row.
 */
export async function approvedB2bUsers(db: Database) {
  const approvedRequest = db
    .selectDistinctOn([contacts.userId], { userId: contacts.userId, email: contacts.email, reviewedAt: contacts.reviewedAt })
    .from(contacts)
    .where(and(isB2bRequest, eq(contacts.status, 'approved')))
    .orderBy(contacts.userId, desc(contacts.reviewedAt))
    .as('approved_request')
  const rows = await db
    .select({
      userId: profiles.userId,
      name: profiles.fullName,
      email: sql<string>`coalesce(${approvedRequest.email}, ${user.email})`,
      phone: profiles.phone,
      company: profiles.companyName,
      taxId: profiles.taxId,
      surcharge: profiles.equivalenceSurcharge,
      approvedAt: sql<Date>`coalesce(${approvedRequest.reviewedAt}, ${profiles.updatedAt})`.mapWith(profiles.updatedAt),
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .leftJoin(approvedRequest, eq(approvedRequest.userId, profiles.userId))
    .where(eq(profiles.approvedB2b, true))
    .orderBy(desc(sql`coalesce(${approvedRequest.reviewedAt}, ${profiles.updatedAt})`), desc(profiles.userId))
  return rows.map(({ approvedAt, ...row }) => ({
    ...row,
    /** Whether their tax id allows the recargo de equivalencia (core/equivalence-surcharge.ts). */
    surchargeEligibility: surchargeEligibility(row.taxId),
    phoneDisplay: shownPhone(row.phone),
    approvedAt: approvedAt.toISOString(),
  }))
}
