import { and, asc, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { cartItems, contacts, orderItems, orders, products, profiles, session, user, userRoles } from '../db/schema/index.ts'
import { notFound } from '../errors.ts'
import { renderSignUpAttempt } from '../emails/account.ts'
import type { AppLogger } from '../logger.ts'
import type { Mailer } from './mail.ts'
import { visitorMessageColumns } from './forms.ts'
import type { Language } from '../../core/language.ts'
import type { Company } from '../../core/company.ts'
import type { AccountUpdate, AddressInput } from '../../core/account.ts'
import { addressFields, storedAddress } from '../../core/address.ts'
import { rememberedPostalCode } from './cart-postal-code.ts'
import { messages } from '../../core/messages.ts'
import { localizedUrl } from '../../core/language-urls.ts'
import { checkedPhone } from '../phones.ts'
import { checkAddressPostcode } from './postcodes.ts'

// docs/product.md#accounts: what the /account page reads and writes, the GDPR export and what
// deleting an account keeps, and guest orders finding their owner once the address is verified.

export interface AccountProfile {
  name: string
  email: string
  emailVerified: boolean
  phone: string
  company: string
  address: AddressInput | null
}

export async function accountProfile(db: Database, userId: string): Promise<AccountProfile> {
  const [row] = await db
    .select({
      name: profiles.fullName,
      email: user.email,
      emailVerified: user.emailVerified,
      phone: profiles.phone,
      company: profiles.companyName,
      address: profiles.address,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1)
  if (!row) throw notFound(messages.signInRequired)
  return {
    name: row.name ?? '',
    email: row.email,
    emailVerified: row.emailVerified,
    phone: row.phone ?? '',
    company: row.company ?? '',
    address: row.address && addressFields(row.address),
  }
}

/** Profile and default address; the account's display name follows the profile's full name. */
export async function updateAccount(db: Database, userId: string, input: AccountUpdate) {
  if (input.address) await checkAddressPostcode(input.address, input.addressConfirmed)
  const values = {
    fullName: input.name,
    phone: input.phone ? checkedPhone(input.phone) : null,
    companyName: input.company || null,
    address: input.address && storedAddress(input.address),
    updatedAt: new Date(),
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values })
    await tx.update(user).set({ name: input.name, updatedAt: new Date() }).where(eq(user.id, userId))
  })
  return accountProfile(db, userId)
}

/**
 * Orders placed while signed out with this address become the account's, once the address is
 * verified (the caller checks). Orders left behind by a deleted account are never claimed.
 */
export async function claimGuestOrders(db: Database, owner: { userId: string; email: string }): Promise<number> {
  const claimed = await db
    .update(orders)
    .set({ userId: owner.userId, updatedAt: new Date() })
    .where(and(isNull(orders.userId), isNull(orders.accountDeletedAt), eq(sql`lower(${orders.customerEmail})`, owner.email.toLowerCase())))
    .returning({ id: orders.id })
  return claimed.length
}

/** At sign-in: an account whose address is verified takes the guest orders placed since. */
export async function claimGuestOrdersAtSignIn(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId)).limit(1)
  return row?.emailVerified ? claimGuestOrders(db, { userId, email: row.email }) : 0
}

/**
 * The account's requests and messages: sent while signed in to it, or sent with its address once
 * this account had proved it (docs/decisions/020). Before that, anyone could have typed the address: a
 * stranger who signs up with it and never verifies it reads nothing a visitor sent.
 */
function requestsOf(owner: { userId: string; email: string; emailVerified: boolean; emailVerifiedAt: Date | null }) {
  const signedIn = eq(contacts.userId, owner.userId)
  if (!owner.emailVerified || owner.emailVerifiedAt === null) return signedIn
  return or(signedIn, and(eq(sql`lower(${contacts.email})`, owner.email.toLowerCase()), gte(contacts.createdAt, owner.emailVerifiedAt)))
}

/**
 * Someone tried to sign up with an address that already has an account: its owner is told, with
 * the way back in if it was them (the sign-up limits bound how often).
 */
export async function tellOwnerOfSignUpAttempt(
  db: Database,
  deps: { mailer: Mailer; publicUrl: string; company: Company; log: Pick<AppLogger, 'error'> },
  email: string,
  language: Language,
) {
  const [owner] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1)
  if (!owner) return
  const url = localizedUrl(deps.publicUrl, '/auth', language)
  await deps.mailer
    .send({ to: owner.email, ...renderSignUpAttempt({ name: owner.name, language, url }, deps.company), kind: 'sign-up-attempt' })
    .catch((error: unknown) => deps.log.error({ err: error }, 'sign-up attempt email failed'))
}

/** Ends a session on the server (its cookie then signs in nobody). */
export async function endSession(db: Database, token: string) {
  await db.delete(session).where(eq(session.token, token))
}

/** The account's sessions that have not ended, newest first: device and time, never the token. */
export async function activeSessions(db: Database, userId: string, currentSessionId: string | null) {
  const rows = await db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentSessionId,
    userAgent: row.userAgent ?? '',
    ipAddress: row.ipAddress ?? '',
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
  }))
}

/**
 * Everything the shop holds about the person (GDPR art. 15 and 20), read from the database: the
 * account, profile and addresses, roles, sessions, cart (and the postal code it estimates for), orders with their items, and the
 * wholesale, contact and catalog requests. Nothing of anyone else's.
 */
export async function exportAccount(db: Database, userId: string) {
  const [account] = await db.select().from(user).where(eq(user.id, userId)).limit(1)
  if (!account) throw notFound(messages.signInRequired)
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1)
  const roles = await db.select({ role: userRoles.role, grantedAt: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, userId))
  const sessions = await activeSessions(db, userId, null)
  const cart = await db
    .select({ product: products.nameEs, slug: products.slug, quantity: cartItems.quantity, addedAt: cartItems.createdAt })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
  const cartPostalCode = await rememberedPostalCode(db, { userId })
  const ownOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt))
  const items = ownOrders.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            ownOrders.map((o) => o.id),
          ),
        )
    : []
  const requests = await db
    .select({
      kind: contacts.source,
      ...visitorMessageColumns,
      sentAt: contacts.createdAt,
    })
    .from(contacts)
    .where(requestsOf({ userId, email: account.email, emailVerified: account.emailVerified, emailVerifiedAt: account.emailVerifiedAt }))
    .orderBy(asc(contacts.createdAt))
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      name: account.name,
      createdAt: account.createdAt.toISOString(),
    },
    profile: profile
      ? {
          fullName: profile.fullName,
          company: profile.companyName,
          phone: profile.phone,
          taxId: profile.taxId,
          wholesaleAccess: profile.approvedB2b,
          defaultShippingAddress: profile.address,
          billingDetails: profile.billing,
        }
      : null,
    roles: roles.map((r) => ({ role: r.role, grantedAt: r.grantedAt.toISOString() })),
    sessions: sessions.map(({ current: _current, ...rest }) => rest),
    cart: cart.map((line) => ({ ...line, addedAt: line.addedAt.toISOString() })),
    cartPostalCode,
    orders: ownOrders.map((order) => ({
      orderNumber: order.orderNumber,
      placedAt: order.createdAt.toISOString(),
      status: order.status,
      paymentStatus: order.paymentStatus,
      language: order.language,
      customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
      shippingAddress: order.shippingAddress,
      billing: order.billing,
      subtotalCents: order.subtotalCents,
      shippingCostCents: order.shippingCostCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          product: item.productName,
          quantity: item.quantity,
          unitPriceCents: item.unitPriceCents,
          subtotalCents: item.subtotalCents,
        })),
    })),
    requests: requests.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })),
  }
}

export type AccountExport = Awaited<ReturnType<typeof exportAccount>>

/**
 * Runs just before better-auth deletes the account (which takes the profile, roles, sessions and
 * cart with it): the requests sent while signed in to it go (what visitors sent with its address
 * stays: the shop received it from them, docs/decisions/020), and its orders stay for the law
 * (invoices are kept for years) but detached, marked so that nobody can claim them, and without the
 * phone number, which an invoice does not need.
 */
export async function detachAccountData(db: Database, owner: { userId: string }) {
  await db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ userId: null, accountDeletedAt: new Date(), customerPhone: '', cartSessionId: null, updatedAt: new Date() })
      .where(eq(orders.userId, owner.userId))
    await tx.delete(contacts).where(eq(contacts.userId, owner.userId))
  })
}
