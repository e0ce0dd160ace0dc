import { z } from 'zod'
import { messages } from './messages.ts'
import { maxQuantity, minQuantity } from './quantity.ts'

/** Panels of one cart line: a whole number within core/quantity.ts's limits. */
export const cartQuantity = z
  .int(messages.cartQuantityInvalid.id)
  .min(minQuantity, messages.cartQuantityInvalid.id)
  .max(maxQuantity, messages.cartQuantityInvalid.id)

/**
 * Adding panels of a product to the cart: `cart.add`'s input, and the product page's form posted
 * without JavaScript (server/http/add-to-cart-form.ts).
 */
export const cartAddSchema = z.object({ productId: z.uuid(messages.cartProductInvalid.id), quantity: cartQuantity })

/** What the quantity field holds as a number: digits only, anything else is no number (the schema says why). */
export const typedQuantity = (raw: string) => (/^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN)

/** A cart line changed from the cart page: a new quantity, or taken out (`cart.setQuantity`, `cart.remove`). */
export const cartLineChangeSchema = z.union([
  z.object({ itemId: z.uuid(messages.cartItemNotFound.id), remove: z.literal(true) }),
  z.object({ itemId: z.uuid(messages.cartItemNotFound.id), quantity: cartQuantity }),
])
