import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from 'sonner'
import { button } from '../components/ui/button.css.ts'
import { PriceChangeNotice, UnitPrice } from '../components/cart/UnitPrice.tsx'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { Form } from '../components/ui/Form.tsx'
import { SubmitButton } from '../components/ui/SubmitButton.tsx'
import { TextField } from '../components/ui/TextField.tsx'
import { fieldProps } from '../components/ui/field-props.ts'
import { useLanguage } from '../i18n/useLanguage.ts'
import { fieldMessages } from '../../core/form-issues.ts'
import { firstInvalidField, focusField } from '../lib/form-errors.ts'
import { pick } from '../lib/format.ts'
import { formatEuros } from '../../core/money.ts'
import { pageHead } from '../lib/seo.ts'
import { shippingAutoComplete, useShippingLabels } from '../lib/shipping-fields.ts'
import { httpStatusOf, useTRPC } from '../lib/trpc.ts'
import { isShippingField, shippingLimits, shippingSchema, type ShippingField, type ShippingInput } from '../../core/shipping.ts'
import * as styles from './-checkout.css.ts'

interface CheckoutSearch {
  cancelled?: boolean
}

export const Route = createFileRoute('/checkout')({
  validateSearch: (search: Record<string, unknown>): CheckoutSearch =>
    search.cancelled === 1 || search.cancelled === '1' || search.cancelled === true ? { cancelled: true } : {},
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([queryClient.ensureQueryData(trpc.cart.get.queryOptions()), queryClient.ensureQueryData(trpc.checkout.prefill.queryOptions())])
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Checkout`),
      description: match.context.i18n._(msg`Shipping details and secure card payment for your panels.`),
      path: '/checkout',
    }),
  component: CheckoutPage,
})

function CheckoutPage() {
  const trpc = useTRPC()
  const { cancelled } = Route.useSearch()
  const { data: cart } = useSuspenseQuery(trpc.cart.get.queryOptions())
  return (
    <>
      <PageHeader title={<Trans>Checkout</Trans>} />
      <div className={styles.page}>
        {cancelled ? (
          <p className={styles.notice} role="status">
            <Trans>The payment was cancelled. Your cart is still here whenever you are ready.</Trans>
          </p>
        ) : null}
        {cart.items.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyText}>
              <Trans>Cart is empty</Trans>
            </p>
            <Link to="/shop" className={button({ tone: 'primary', size: 'lg' })}>
              <Trans>Go to Shop</Trans>
            </Link>
          </div>
        ) : (
          <div className={styles.layout}>
            <ShippingForm />
            <OrderSummary />
          </div>
        )}
      </div>
    </>
  )
}

/** A random UUID v4; getRandomValues works on plain http too, where randomUUID does not. */
function newCheckoutKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const fieldOrder: ShippingField[] = ['full_name', 'email', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'postal_code', 'country']

function ShippingForm() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const { data: prefill } = useSuspenseQuery(trpc.checkout.prefill.queryOptions())
  // One key per visit to this page: a double click or a retry finds the same order.
  const [checkoutKey] = useState(newCheckoutKey)
  const create = useMutation(trpc.checkout.create.mutationOptions())
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const labels = useShippingLabels()
  const form = useForm({
    defaultValues: prefill satisfies ShippingInput,
    validators: {
      // docs/product.md#checkout: checked on submit, every field trimmed; each message beside its field, the first
      // failing rule's message in a toast too.
      onSubmit: ({ value }) => fieldMessages(shippingSchema, value, i18n, isShippingField),
    },
    onSubmitInvalid: ({ formApi }) => {
      const first = firstInvalidField(formApi, fieldOrder)
      if (!first) return
      toast.error(first.message)
      focusField(first.field)
    },
    onSubmit: async ({ value }) => {
      try {
        const order = await create.mutateAsync({ shipping: shippingSchema.parse(value), checkoutKey })
        if (order.paymentUrl) {
          toast.success(t`Order created successfully`)
          // The same tab: a new tab is blocked by pop-up blockers and loses the shopper.
          window.location.assign(order.paymentUrl)
          return
        }
        // This checkout's order is no longer waiting for payment: show where it stands instead.
        if (order.paymentStatus === 'paid') await navigate({ to: '/payment-success', search: { order_id: order.orderId } })
        else await navigate({ to: '/orders' })
      } catch (error) {
        const status = httpStatusOf(error)
        // A price changed since the summary was shown: show the new one before anything is charged.
        if (status === 409) await queryClient.invalidateQueries({ queryKey: trpc.cart.get.queryKey() })
        // 4xx answers carry a message in the shopper's language; anything else gets the spec's text.
        toast.error(status !== undefined && status < 500 && error instanceof Error ? error.message : t`Error processing order`)
      }
    },
  })
  const busy = create.isPending || create.isSuccess
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <section className={styles.formCard} aria-labelledby="shipping-heading">
      <h2 id="shipping-heading" className={styles.cardTitle}>
        <Trans>Shipping details</Trans>
      </h2>
      <Form onSubmit={form.handleSubmit}>
        <div className={styles.fields}>
          {fieldOrder.map((name) => (
            <form.Field key={name} name={name}>
              {(field) => (
                <div className={name === 'full_name' || name === 'address_line1' || name === 'address_line2' ? styles.wide : undefined}>
                  <TextField
                    label={labels[name]}
                    name={name}
                    type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                    autoComplete={shippingAutoComplete[name]}
                    required={name !== 'address_line2' && name !== 'state'}
                    maxLength={shippingLimits[name].max}
                    {...fieldProps(field)}
                  />
                </div>
              )}
            </form.Field>
          ))}
        </div>
        <SubmitButton tone="accent" size="lg" working={submitting || busy} workingLabel={<Trans>Processing...</Trans>}>
          <Trans>Proceed to Payment</Trans>
        </SubmitButton>
        <p className={styles.secure}>
          <Trans>You will pay by card on a secure payment page. Your order is confirmed once the payment is verified.</Trans>
        </p>
      </Form>
    </section>
  )
}

function OrderSummary() {
  const trpc = useTRPC()
  const language = useLanguage()
  const { data: cart } = useSuspenseQuery(trpc.cart.get.queryOptions())
  const subtotal = formatEuros(cart.subtotalCents, language)
  return (
    <section className={styles.summary} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className={styles.cardTitle}>
        <Trans>Order summary</Trans>
      </h2>
      <PriceChangeNotice cart={cart} />
      <ul className={styles.lines} tabIndex={0} aria-labelledby="summary-heading">
        {cart.items.map((item) => {
          const quantity = item.quantity
          return (
            <li key={item.id} className={styles.line}>
              <div>
                <p className={styles.lineName}>{pick(language, item.nameEs, item.nameEn)}</p>
                <p className={styles.lineDetail}>
                  <Trans>
                    {quantity} × <UnitPrice line={item} />
                  </Trans>
                </p>
              </div>
              <p className={styles.lineTotal}>{formatEuros(item.lineTotalCents, language)}</p>
            </li>
          )
        })}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{subtotal}</dd>
        </div>
        <div className={styles.grandTotal}>
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="checkout-total">{subtotal}</dd>
        </div>
      </dl>
      <p className={styles.secure}>
        <Trans>Prices include VAT. We will contact you to arrange delivery.</Trans>
      </p>
    </section>
  )
}
