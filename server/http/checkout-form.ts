import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { AppError, appErrorStatus } from '../errors.ts'
import { translate } from '../i18n.ts'
import { checkoutCreateInput, createCheckout } from '../routers/checkout.ts'
import { nextStepAfterFailure, type Context } from '../trpc.ts'
import type { FormAction } from './form-posts.ts'
import { isBillingField } from '../../core/billing-fields.ts'
import { issueValues } from '../../core/form-issues.ts'
import { i18nFor } from '../../core/i18n/catalogs.ts'
import { translateMessage } from '../../core/i18n/translate-message.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { messages } from '../../core/messages.ts'
import { checkoutFormFields, checkoutInputNames, type CheckoutFormField } from '../../core/checkout-form.ts'
import type { PostedForm } from '../../core/posted-form.ts'
import { isShippingField } from '../../core/shipping.ts'

/** What `checkout.create` would be sent for the form as posted (as the page's script builds it). */
function createInput(typed: (name: CheckoutFormField) => string) {
  return {
    shipping: {
      full_name: typed('full_name'),
      email: typed('email'),
      phone: typed('phone'),
      address_line1: typed('address_line1'),
      address_line2: typed('address_line2'),
      postal_code: typed('postal_code'),
      city: typed('city'),
      state: typed('state'),
      country: typed('country') || 'ES',
    },
    delivery: typed('delivery') === 'pickup' ? 'pickup' : 'home',
    // A full invoice asked for: who it is made out to (a tax id unless another document was chosen).
    billing: typed('full_invoice')
      ? { name: typed('billing.name'), idKind: typed('billing.idKind') || 'tax_id', taxId: typed('billing.taxId'), country: typed('billing.country') }
      : null,
    addressConfirmed: typed('address_confirmed') !== '',
    checkoutKey: typed('checkoutKey'),
  }
}

/** The form field a rule's issue belongs beside: a shipping field by its name, a billing one as `billing.x`. */
function issueField(path: readonly PropertyKey[]): CheckoutFormField | undefined {
  const [group, name] = path
  if (group === 'shipping' && isShippingField(name)) return name
  if (group === 'billing' && isBillingField(name)) return `billing.${name}`
  return undefined
}

/**
 * The checkout page's "Proceed to payment" posted before or without JavaScript (docs/product.md#forms):
 * `checkout.create`'s schema, limit and service with the key the page was given as a hidden field.
 * Done: 303 to the payment page (or, for an order no longer waiting, where it stands). Refused: the
 * checkout rendered again with what was typed, each message beside its field, and a refusal that is
 * no one field's (a price changed, too many tries, a failure of ours) above the form.
 */
export function checkoutFormAction(app: FastifyInstance): FormAction {
  return {
    path: /^\/checkout$/,
    async run(req, reply, { fields, language }) {
      const typed = (name: CheckoutFormField) => fields.get(checkoutInputNames[name]) ?? ''
      const values = Object.fromEntries(checkoutFormFields.map((name) => [name, typed(name)]))
      const refuse = (status: number, errors: PostedForm['errors'], message: string | null) =>
        app.renderPostedPage(req, reply, status, { form: 'checkout', values, errors, message })
      const parsed = checkoutCreateInput.safeParse(createInput(typed))
      if (!parsed.success) {
        const i18n = i18nFor(language)
        const errors: PostedForm['errors'] = {}
        for (const issue of parsed.error.issues) {
          const field = issueField(issue.path)
          if (field) errors[field] ??= translateMessage(i18n, issue.message, issueValues(issue))
        }
        // Only the hidden key can fail without a field of its own (a page kept from an old build).
        return Object.keys(errors).length > 0 ? refuse(400, errors, null) : refuse(400, {}, translate(language, messages.formPostExplanation))
      }
      const ctx: Context = { ...(await app.requestContext(req, reply)), language }
      try {
        await ctx.services.limits.consume('checkoutPerClient', ctx.clientIp)
        let step = await createCheckout(ctx, parsed.data).catch((error: unknown) => {
          // The key is someone else's now (signed in or out since the page was given it): a new one, as the page's script does.
          if (error instanceof AppError && error.code === 'PRECONDITION_FAILED')
            return createCheckout(ctx, { ...parsed.data, checkoutKey: randomUUID() })
          throw error
        })
        // The key's order was cancelled (its payment time ran out): a new order.
        if (step.status === 'cancelled') step = await createCheckout(ctx, { ...parsed.data, checkoutKey: randomUUID() })
        if (step.paymentUrl) return reply.redirect(step.paymentUrl, 303)
        // No longer waiting for payment: where it stands.
        const next = step.paymentStatus === 'paid' ? `/payment-success?order_id=${encodeURIComponent(step.orderId)}` : '/orders'
        return reply.redirect(localizedPath(next, language), 303)
      } catch (error) {
        if (error instanceof AppError && appErrorStatus[error.code] < 500) {
          const said = translate(language, error.userMessage, error.values)
          const field = error.field === undefined ? undefined : issueField(['shipping', error.field])
          return field ? refuse(appErrorStatus[error.code], { [field]: said }, null) : refuse(appErrorStatus[error.code], {}, said)
        }
        req.log.error({ err: error, form: 'checkout' }, 'form action failed')
        const status = error instanceof AppError ? appErrorStatus[error.code] : 500
        return refuse(status, {}, `${translate(language, messages.orderFailed)} ${nextStepAfterFailure(ctx)}`)
      }
    },
  }
}
