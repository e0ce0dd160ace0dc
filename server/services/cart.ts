import { orderLeadDays } from '../../core/availability.ts'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { cartItems, products } from '../db/schema/index.ts'
import { AppError, hasPgCode, notFound } from '../errors.ts'
import { unitPriceCents } from './pricing.ts'
import { onSale } from './catalog.ts'
import { coverPhoto, type ProductPhoto } from './media/product-photos.ts'
import { lineTotalCents, orderAmounts, type TaxRates } from '../../core/totals.ts'
import { cheapestHomeDeliveryCents, deliveryOptions, homeDeliveryAlwaysFree, type DeliveryZone } from '../../core/delivery.ts'
import { currentDeliverySettings, deliveryOptionsFor } from './delivery.ts'
import { rememberedPostalCode } from './cart-postal-code.ts'
import { maxQuantity } from '../../core/quantity.ts'
import type { Role } from '../../core/roles.ts'
import { messages } from '../../core/messages.ts'

/** Whose cart: a signed-in user's, or an anonymous cart session's (docs/product.md#cart). */
export type CartOwner = { userId: string } | { sessionId: string }

function ownedBy(owner: CartOwner): SQL {
  return 'userId' in owner ? eq(cartItems.userId, owner.userId) : eq(cartItems.sessionId, owner.sessionId)
}

const ownerColumns = (owner: CartOwner) =>
  'userId' in owner ? { userId: owner.userId, sessionId: null } : { userId: null, sessionId: owner.sessionId }

// The partial unique index that makes (owner, product) one row.
const conflictTarget = (owner: CartOwner) =>
  'userId' in owner
    ? { target: [cartItems.userId, cartItems.productId], targetWhere: sql`${cartItems.userId} is not null` }
    : { target: [cartItems.sessionId, cartItems.productId], targetWhere: sql`${cartItems.sessionId} is not null` }

const tooMany = () => new AppError('BAD_REQUEST', messages.cartLineTooLarge, { values: { max: maxQuantity } })

export interface CartView {
  items: Array<{
    id: string
    productId: string
    slug: string
    /** The product's first photo (media/product-photos.ts); null: none. */
    photo: ProductPhoto | null
    nameEs: string
    nameEn: string
    quantity: number
    /** The product's current price for the caller's current role (docs/product.md#prices). */
    unitPriceCents: number
    /** The price the shopper was shown before, when it has changed since (shown once, struck). */
    previousUnitPriceCents: number | null
    lineTotalCents: number
    /** False once the owner archived the product or took it back to drafts: shown as unavailable, left out of totals and checkout. */
    available: boolean
  }>
  /** Panels in the cart that can be ordered (the nav badge). */
  count: number
  subtotalCents: number
  /** The recargo de equivalencia of a wholesale customer under it (docs/decisions/029), added on top; null for everyone else. */
  surcharge: { rateBasisPoints: number; cents: number } | null
  /** What the order would cost before delivery: the subtotal and the recargo. */
  totalCents: number
  delivery: CartDelivery
}

/** What the cart says of delivery before checkout prices it for the address (docs/product.md#cart). */
export interface CartDelivery {
  /** Home delivery's lowest rate for the caller. */
  fromCents: number
  /** Home delivery costs nothing anywhere for the caller. */
  free: boolean
  /** The postal code the cart remembers (cart.setPostalCode); null: none given. */
  postalCode: string | null
  /**
   * Home delivery to that postal code for these panels, and what the order would then cost; null
   * without a postal code or when home delivery does not reach it (the Canary Islands, Ceuta, Melilla).
   */
  estimate: { zone: DeliveryZone; priceCents: number; minDays: number; maxDays: number; surchargeCents: number; totalCents: number } | null
}

export const emptyCart: CartView = {
  items: [],
  count: 0,
  subtotalCents: 0,
  surcharge: null,
  totalCents: 0,
  delivery: { fromCents: 0, free: true, postalCode: null, estimate: null },
}

/**
 * The cart lines of an owner, each priced at the product's current price for `role`, with the
 * price the shopper was last shown (`price_at_time`). The one query behind the cart and orders.
 */
export async function cartLines(db: Database, owner: CartOwner, role: Role | null) {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      slug: products.slug,
      photo: coverPhoto,
      nameEs: products.nameEs,
      nameEn: products.nameEn,
      quantity: cartItems.quantity,
      shownPriceCents: cartItems.priceAtTimeCents,
      priceRetailCents: products.priceRetailCents,
      priceWholesaleCents: products.priceWholesaleCents,
      leadTimeDays: products.leadTimeDays,
      onSale: sql<boolean>`${onSale}`,
    })
    .from(cartItems)
    .innerJoin(products, eq(cartItems.productId, products.id))
    .where(ownedBy(owner))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  return rows.map(({ priceRetailCents, priceWholesaleCents, onSale, ...row }) => ({
    ...row,
    unitPriceCents: unitPriceCents(role, { priceRetailCents, priceWholesaleCents }),
    available: onSale,
  }))
}

const count = (lines: ReadonlyArray<{ quantity: number }>) => lines.reduce((sum, line) => sum + line.quantity, 0)

/**
 * The caller's cart, re-priced for their role now. A line whose price changed since the shopper
 * last saw it carries the old price once: `price_at_time` becomes the price shown in this answer.
 */
export async function getCart(db: Database, owner: CartOwner | null, role: Role | null, rates: TaxRates): Promise<CartView> {
  if (!owner) return emptyCart
  const lines = await cartLines(db, owner, role)
  const changed = lines.filter((line) => line.unitPriceCents !== line.shownPriceCents)
  for (const line of changed) {
    await db.update(cartItems).set({ priceAtTimeCents: line.unitPriceCents }).where(eq(cartItems.id, line.id))
  }
  const items = lines.map(({ shownPriceCents, ...line }) => ({
    ...line,
    previousUnitPriceCents: shownPriceCents === line.unitPriceCents ? null : shownPriceCents,
    lineTotalCents: lineTotalCents(line),
  }))
  const orderable = items.filter((item) => item.available)
  const amounts = orderAmounts(orderable, rates, 0)
  const [{ settings }, postalCode] = await Promise.all([currentDeliverySettings(db), rememberedPostalCode(db, owner)])
  const wholesale = role === 'b2b'
  const home = deliveryOptions(settings, {
    postalCode,
    panels: count(orderable),
    subtotalCents: amounts.subtotalCents,
    wholesale,
    leadDays: orderLeadDays(orderable),
  }).find((option) => option.method === 'home')
  const withDelivery = home?.method === 'home' ? orderAmounts(orderable, rates, home.priceCents) : null
  return {
    delivery: {
      fromCents: cheapestHomeDeliveryCents(settings, wholesale),
      free: homeDeliveryAlwaysFree(settings, wholesale),
      postalCode,
      estimate:
        home?.method === 'home' && withDelivery
          ? {
              zone: home.zone,
              priceCents: home.priceCents,
              minDays: home.minDays,
              maxDays: home.maxDays,
              surchargeCents: withDelivery.taxCents,
              totalCents: withDelivery.totalCents,
            }
          : null,
    },
    items,
    count: count(orderable),
    subtotalCents: amounts.subtotalCents,
    surcharge: rates.surchargeRateBasisPoints > 0 ? { rateBasisPoints: rates.surchargeRateBasisPoints, cents: amounts.taxCents } : null,
    totalCents: amounts.totalCents,
  }
}

/**
 * The delivery methods the caller's cart (its available lines, at the caller's prices) can have to
 * `postalCode` (null: not known yet), priced from the owner's rates, each with what the order would
 * then cost (the recargo de equivalencia of a buyer under it covers the delivery too): what checkout
 * offers, and the total it shows for the method chosen.
 */
export async function cartDeliveryOptions(db: Database, owner: CartOwner | null, role: Role | null, rates: TaxRates, postalCode: string | null) {
  const lines = owner ? (await cartLines(db, owner, role)).filter((line) => line.available) : []
  const options = await deliveryOptionsFor(db, lines, { postalCode, role })
  return options.map((option) => {
    const amounts = orderAmounts(lines, rates, option.priceCents)
    return { ...option, surchargeCents: amounts.taxCents, totalCents: amounts.totalCents }
  })
}

/**
 * Adds panels, or raises the quantity of the product's line in one statement, so concurrent adds
 * lose nothing. The unit price is decided here from the caller's role, never by the client.
 */
export async function addToCart(db: Database, owner: CartOwner, role: Role | null, productId: string, quantity: number) {
  const [product] = await db
    .select({
      priceRetailCents: products.priceRetailCents,
      priceWholesaleCents: products.priceWholesaleCents,
      archivedAt: products.archivedAt,
      status: products.status,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1)
  // A draft is not in the shop yet, or no longer: to a shopper, there is no such product.
  if (!product || product.status === 'draft') throw notFound(messages.productNotFound)
  if (product.archivedAt) throw new AppError('CONFLICT', messages.productArchived)
  const price = unitPriceCents(role, product)
  try {
    await db
      .insert(cartItems)
      .values({ ...ownerColumns(owner), productId, quantity, priceAtTimeCents: price })
      .onConflictDoUpdate({
        ...conflictTarget(owner),
        set: {
          quantity: sql`${cartItems.quantity} + excluded.quantity`,
          priceAtTimeCents: sql`excluded.price_at_time_cents`,
          updatedAt: sql`now()`,
        },
      })
  } catch (error) {
    if (hasPgCode(error, '23514')) throw tooMany()
    throw error
  }
}

export async function setQuantity(db: Database, owner: CartOwner, itemId: string, quantity: number) {
  const updated = await db
    .update(cartItems)
    .set({ quantity, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, itemId), ownedBy(owner)))
    .returning({ id: cartItems.id })
  if (updated.length === 0) throw notFound(messages.cartItemNotFound)
}

export async function removeFromCart(db: Database, owner: CartOwner, itemId: string) {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), ownedBy(owner)))
    .returning({ id: cartItems.id })
  if (deleted.length === 0) throw notFound(messages.cartItemNotFound)
}

export async function clearCart(db: Database, owner: CartOwner) {
  await db.delete(cartItems).where(ownedBy(owner))
}

/**
 * On sign-in or sign-up the anonymous cart joins the user's: quantities add up (at most 999 a
 * line), the user's role prices the merged lines, and the session cart is emptied.
 */
export async function mergeSessionCart(db: Database, sessionId: string, userId: string, role: Role | null) {
  await db.transaction(async (tx) => {
    const sessionRows = await tx
      .select({
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        priceRetailCents: products.priceRetailCents,
        priceWholesaleCents: products.priceWholesaleCents,
      })
      .from(cartItems)
      .innerJoin(products, eq(cartItems.productId, products.id))
      .where(eq(cartItems.sessionId, sessionId))
    if (sessionRows.length === 0) return
    await tx
      .insert(cartItems)
      .values(
        sessionRows.map((row) => ({
          userId,
          sessionId: null,
          productId: row.productId,
          quantity: row.quantity,
          priceAtTimeCents: unitPriceCents(role, row),
        })),
      )
      .onConflictDoUpdate({
        ...conflictTarget({ userId }),
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${maxQuantity})`,
          priceAtTimeCents: sql`excluded.price_at_time_cents`,
          updatedAt: sql`now()`,
        },
      })
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.sessionId, sessionId),
        inArray(
          cartItems.productId,
          sessionRows.map((r) => r.productId),
        ),
      ),
    )
  })
}
