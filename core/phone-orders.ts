import { z } from 'zod'
import { deliveryMethods } from './delivery.ts'
import { languages } from './language.ts'
import { messages } from './messages.ts'
import { checkoutShippingSchema, shippingDraft } from './shipping.ts'
import { maxOrderTotalCents } from './totals.ts'

/**
 * An order the owner takes on the phone or WhatsApp (docs/product.md#phone-orders): for an existing
 * customer (found by the email) or a new email, panels at the customer's prices or an agreed price
 * per panel (IVA included), delivered or collected; never through a cart. One schema for the admin's
 * form and `admin.orders.create`; `admin.orders.price` takes the same lines to show what it costs.
 */
export const phoneOrderLinesMax = 50
/** How long the emailed payment link can be paid (docs/product.md#phone-orders: 7 days). */
export const paymentLinkDays = 7

export const phoneOrderLineSchema = z.object({
  productId: z.uuid(messages.productNotFound.id),
  quantity: z.number().int(messages.quantityInvalid.id).min(1, messages.quantityInvalid.id).max(9_999, messages.quantityInvalid.id),
  /** The price agreed with the customer per panel, IVA included; null: the customer's price. */
  agreedPriceCents: z.number().int().min(1, messages.agreedPriceInvalid.id).max(maxOrderTotalCents, messages.agreedPriceInvalid.id).nullable(),
})
export type PhoneOrderLine = z.output<typeof phoneOrderLineSchema>

export const phoneOrderLines = z.array(phoneOrderLineSchema).min(1, messages.phoneOrderNoLines.id).max(phoneOrderLinesMax)

/** What the form prices before creating the order. */
export const phoneOrderPriceSchema = z.object({
  language: z.enum(languages),
  delivery: z.enum(deliveryMethods),
  email: z.string().trim().max(254),
  postalCode: z.string().trim().max(10).nullable(),
  lines: phoneOrderLines,
})
export type PhoneOrderPriceInput = z.output<typeof phoneOrderPriceSchema>

/** The order itself: the customer's contact and, for home delivery, the address, checked by checkout's rules. */
export const phoneOrderSchema = z
  .object({
    /** The form's own key: creating twice (a double click, a retry) makes one order. */
    requestKey: z.uuid(),
    language: z.enum(languages),
    delivery: z.enum(deliveryMethods),
    shipping: shippingDraft,
    /** The admin confirmed a postal code or town Spain's list does not pair (docs/product.md#delivery). */
    addressConfirmed: z.boolean().default(false),
    lines: phoneOrderLines,
  })
  .transform((input, ctx) => {
    const parsed = checkoutShippingSchema(input.delivery, false).safeParse(input.shipping)
    if (parsed.success) return { ...input, shipping: parsed.data }
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['shipping', ...issue.path] })
    return z.NEVER
  })
export type PhoneOrderInput = z.output<typeof phoneOrderSchema>
