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
