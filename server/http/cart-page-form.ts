import type { FastifyInstance } from 'fastify'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { changeCallersLine } from '../routers/cart.ts'
import { answerRefused, type FormAction } from './form-posts.ts'
import { cartLineChangeSchema, typedQuantity } from '../../core/cart-add.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'

/**
 * A line's "Update" or "Remove" on the cart page posted before or without JavaScript
 * (docs/product.md#cart): `cart.setQuantity`'s and `cart.remove`'s schema and change, in the caller's
 * cart. Done, 303 to the cart page; refused (a quantity out of range, a line no longer there), a
 * page that says why, linking back, with nothing changed.
 */
export function cartPageFormAction(app: FastifyInstance): FormAction {
  return {
    path: /^\/cart$/,
    async run(req, reply, { fields, language }) {
      const refuse = (status: number, reasons: string[]) =>
        answerRefused(req, reply, status, { title: messages.cartChangeRefusedTitle, heading: messages.cartChangeRefusedHeading, reasons })
      const parsed = cartLineChangeSchema.safeParse(
        fields.has('remove')
          ? { itemId: fields.get('itemId') ?? '', remove: true }
          : { itemId: fields.get('itemId') ?? '', quantity: typedQuantity(fields.get('quantity') ?? '') },
      )
      if (!parsed.success) return refuse(400, [...new Set(parsed.error.issues.map((issue) => translate(language, issue.message)))])
      const ctx = await app.requestContext(req, reply)
      try {
        await changeCallersLine({ ...ctx, language }, parsed.data)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        return refuse(appErrorStatus[error.code], [translate(language, error.userMessage, error.values)])
      }
      return reply.redirect(localizedPath('/cart', language), 303)
    },
  }
}
