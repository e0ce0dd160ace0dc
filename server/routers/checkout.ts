import { z } from 'zod'
import { billingDetails, saveBilling } from '../services/billing.ts'
import { checkoutPrefill } from '../services/checkout-prefill.ts'
import { notFound } from '../errors.ts'
import { limitedPerClient, orderCall, publicProcedure, router, type Context } from '../trpc.ts'
import { ownerOf } from './cart.ts'
import { cartDeliveryOptions } from '../services/cart.ts'
import { rememberedPostalCode } from '../services/cart-postal-code.ts'
import { buyerTaxRates } from '../services/equivalence-surcharge.ts'
import { deliveryMethods } from '../../core/delivery.ts'
import { billingSchema } from '../../core/billing.ts'
import { checkoutShippingSchema, emptyShipping, pickupAddressGiven, shippingDraft } from '../../core/shipping.ts'
import { orderIdSchema, paymentSessionId } from '../../core/identifiers.ts'
import { messages } from '../../core/messages.ts'

/**
 * What `checkout.create` takes, and the checkout page's form posted without JavaScript
 * (server/http/checkout-form.ts): the shipping details, checked for the delivery method chosen.
 */
export const checkoutCreateInput = z
  .object({
    shipping: shippingDraft,
    // Home delivery is preselected (docs/product.md#delivery); the server prices whichever is chosen.
    delivery: z.enum(deliveryMethods).default('home'),
    billing: billingSchema.nullish(),
    // The shopper ticked "The postal code and town are right" (server/services/postcodes.ts).
    addressConfirmed: z.boolean().default(false),
    checkoutKey: z.uuid(),
  })
  // The details the method asks for: an address to deliver to, or for a pickup only the contact
  // (and the buyer's address when a full invoice names them). Each issue stays on its field.
  .transform((input, ctx) => {
    const parsed = checkoutShippingSchema(input.delivery, pickupAddressGiven(input.shipping, Boolean(input.billing))).safeParse(input.shipping)
    if (parsed.success) return { ...input, shipping: parsed.data }
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['shipping', ...issue.path] })
    return z.NEVER
  })

/** Creates the order from the caller's cart and its payment session: `checkout.create`, and the form posted without JavaScript. */
export async function createCheckout(ctx: Context, input: z.output<typeof checkoutCreateInput>) {
  const step = await ctx.services.orders.startCheckout(
    {
      owner: ownerOf(ctx),
      userId: ctx.user?.id ?? null,
      browserCart: ctx.cartSession.id,
      role: ctx.role,
      shipping: input.shipping,
      delivery: input.delivery,
      billing: input.billing ?? null,
      addressConfirmed: input.addressConfirmed,
      language: ctx.language,
      checkoutKey: input.checkoutKey,
    },
    orderCall(ctx, 'customer'),
  )
  // A signed-in buyer's full invoice details are offered at their next checkout (a wholesale customer's are their approval's).
  if (ctx.user && input.billing && ctx.role !== 'b2b') await saveBilling(ctx.db, ctx.user.id, input.billing)
  return step
}

export const checkoutRouter = router({
  /**
   * Shipping form defaults: the signed-in user's profile and email, and the default address or else
   * the last order's (docs/product.md#checkout); else the postal code the cart remembers.
   */
  prefill: publicProcedure.query(async ({ ctx }) => {
    const shipping = ctx.user ? await checkoutPrefill(ctx.db, ctx.user) : emptyShipping
    // Without an address of their own, the shopper starts from the postal code their cart estimated for.
    if (shipping.postal_code.trim() !== '') return shipping
    const postalCode = await rememberedPostalCode(ctx.db, ownerOf(ctx))
    return postalCode ? { ...shipping, postal_code: postalCode } : shipping
  }),

  /** The full invoice's details checkout offers: the signed-in customer's kept ones, and a wholesale customer's approved ones. */
  billing: publicProcedure.query(({ ctx }) => billingDetails(ctx.db, ctx.user ? { userId: ctx.user.id, role: ctx.role } : null)),

  /**
   * The delivery methods the caller's cart can have to this postal code, priced by the server from
   * the owner's rates for the caller's role: checkout shows them and updates its total at once. An
   * incomplete or unserved postal code offers pickup only (when the owner offers it).
   */
  delivery: publicProcedure
    .input(
      z.object({
        postalCode: z
          .string()
          .trim()
          .max(5)
          .regex(/^\d{0,5}$/)
          .default(''),
      }),
    )
    .query(async ({ ctx, input }) => {
      const rates = await buyerTaxRates(ctx.db, { userId: ctx.user?.id ?? null, role: ctx.role }, ctx.services.invoicing)
      return cartDeliveryOptions(ctx.db, ownerOf(ctx), ctx.role, rates, input.postalCode.length === 5 ? input.postalCode : null)
    }),

  /**
   * Creates the order from the caller's cart (priced on the server) and a payment session for it;
   * the browser goes to `paymentUrl`. `checkoutKey` makes a repeated submit find the same order;
   * an order no longer pending comes back with its state and no `paymentUrl`.
   */
  create: publicProcedure
    .use(limitedPerClient('checkoutPerClient'))
    .input(checkoutCreateInput)
    .mutation(({ ctx, input }) => createCheckout(ctx, input)),

  /**
   * Called by /payment-success: asks the provider whether the order's session is paid and applies
   * the same transition as the webhook. A made-up or unpaid order is marked nothing.
   */
  confirm: publicProcedure.input(z.object({ orderId: orderIdSchema, sessionId: paymentSessionId.optional() })).mutation(async ({ ctx, input }) => {
    // Only the buyer learns an order's state: its account, its anonymous cart, or whoever holds
    // its payment session (the provider's return URL carries it). Anyone else: not found.
    const buyer = { userId: ctx.user?.id ?? null, cartSessionId: ctx.cartSession.id, sessionId: input.sessionId }
    const order = await ctx.services.orders.confirmReturn({ orderId: input.orderId, buyer }, orderCall(ctx, 'customer'))
    if (!order) throw notFound(messages.orderNotFound)
    return order
  }),
})
