import { z } from 'zod'
import { addToCart, clearCart, getCart, removeFromCart, setQuantity, type CartOwner } from '../services/cart.ts'
import { rememberPostalCode } from '../services/cart-postal-code.ts'
import { buyerTaxRates } from '../services/equivalence-surcharge.ts'
import { publicProcedure, router, type Context } from '../trpc.ts'
import { notFound } from '../errors.ts'
import { cartAddSchema, cartQuantity, type cartLineChangeSchema } from '../../core/cart-add.ts'
import { messages } from '../../core/messages.ts'
import { anySpanishPostalCode } from '../../core/shipping.ts'

const quantity = cartQuantity
const itemId = z.uuid()

/** The caller's cart: the signed-in user's, else the anonymous session's (none yet: null). */
export function ownerOf(ctx: Context): CartOwner | null {
  if (ctx.user) return { userId: ctx.user.id }
  return ctx.cartSession.id ? { sessionId: ctx.cartSession.id } : null
}

function existingOwner(ctx: Context): CartOwner {
  const owner = ownerOf(ctx)
  // Without a cart there is no item to change: the same answer as someone else's item.
  if (!owner) throw notFound(messages.cartItemNotFound)
  return owner
}

/** The cart as the caller sees it: priced for their role, with the recargo de equivalencia when they are under it. */
async function cartOf(ctx: Context, owner: CartOwner | null) {
  const rates = await buyerTaxRates(ctx.db, { userId: ctx.user?.id ?? null, role: ctx.role }, ctx.services.invoicing)
  return getCart(ctx.db, owner, ctx.role, rates)
}

/**
 * Adds panels to the caller's cart (a visitor without one gets one) and answers the whole cart: the
 * `cart.add` procedure and the product page's form posted without JavaScript (server/http/add-to-cart-form.ts).
 */
export async function addToCallersCart(ctx: Context, input: z.infer<typeof cartAddSchema>) {
  const owner: CartOwner = ctx.user ? { userId: ctx.user.id } : { sessionId: ctx.cartSession.issue() }
  await addToCart(ctx.db, owner, ctx.role, input.productId, input.quantity)
  return cartOf(ctx, owner)
}

/** A line of the caller's cart given a new quantity, or taken out: `cart.setQuantity`, `cart.remove`, and the cart page's forms posted without JavaScript. */
export async function changeCallersLine(ctx: Context, change: z.output<typeof cartLineChangeSchema>) {
  const owner = existingOwner(ctx)
  if ('remove' in change) await removeFromCart(ctx.db, owner, change.itemId)
  else await setQuantity(ctx.db, owner, change.itemId, change.quantity)
  return cartOf(ctx, owner)
}

// Every mutation answers with the whole cart, so the screen changes only after the server succeeded.
export const cartRouter = router({
  get: publicProcedure.query(({ ctx }) => cartOf(ctx, ownerOf(ctx))),
  add: publicProcedure.input(cartAddSchema).mutation(({ ctx, input }) => addToCallersCart(ctx, input)),
  setQuantity: publicProcedure.input(z.object({ itemId, quantity })).mutation(({ ctx, input }) => changeCallersLine(ctx, input)),
  remove: publicProcedure.input(z.object({ itemId })).mutation(({ ctx, input }) => changeCallersLine(ctx, { ...input, remove: true })),
  /**
   * Remembers the postal code the cart estimates its delivery for (any Spanish one: the answer says
   * when home delivery does not reach it), or forgets it (null). A visitor without a cart gets one.
   */
  setPostalCode: publicProcedure.input(z.object({ postalCode: anySpanishPostalCode.nullable() })).mutation(async ({ ctx, input }) => {
    const owner: CartOwner = ctx.user ? { userId: ctx.user.id } : { sessionId: ctx.cartSession.issue() }
    await rememberPostalCode(ctx.db, owner, input.postalCode)
    return cartOf(ctx, owner)
  }),
  clear: publicProcedure.mutation(async ({ ctx }) => {
    const owner = ownerOf(ctx)
    if (owner) await clearCart(ctx.db, owner)
    return cartOf(ctx, owner)
  }),
})
