import type { FastifyInstance } from 'fastify'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { addToCallersCart } from '../routers/cart.ts'
import { answerRefused, type FormAction } from './form-posts.ts'
import { cartAddSchema, typedQuantity } from '../../core/cart-add.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'

/**
 * The product page's "Add to cart" posted before or without JavaScript (docs/product.md#forms): the
 * same schema and the same adding as `cart.add` (server/routers/cart.ts), in the caller's cart (the
 * signed-in user's, else the cart cookie's, issued here when there is none yet). Answered 303 to the
 * cart page; a refusal (a quantity out of range, a product no longer sold) is a page saying why,
 * linking back to the product, with nothing added.
 */
export function addToCartFormAction(app: FastifyInstance): FormAction {
  return {
    path: /^\/product\/([^/]+)$/,
    async run(req, reply, { fields, language }) {
      const refuse = (status: number, reasons: string[]) =>
        answerRefused(req, reply, status, { title: messages.cartAddRefusedTitle, heading: messages.cartAddRefusedHeading, reasons })
      const parsed = cartAddSchema.safeParse({ productId: fields.get('productId') ?? '', quantity: typedQuantity(fields.get('quantity') ?? '') })
      if (!parsed.success) {
        const reasons = [...new Set(parsed.error.issues.map((issue) => translate(language, issue.message)))]
        return refuse(400, reasons)
      }
      const ctx = await app.requestContext(req, reply)
      try {
        await addToCallersCart({ ...ctx, language }, parsed.data)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        return refuse(appErrorStatus[error.code], [translate(language, error.userMessage, error.values)])
      }
      return reply.redirect(localizedPath('/cart', language), 303)
    },
  }
}
