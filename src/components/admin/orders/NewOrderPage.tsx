import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { keepPreviousData, skipToken, useMutation, useQueries, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { eurosToCents } from '../../../../core/catalog-admin.ts'
import {
  deliveryMethodLabels,
  deliveryMethods,
  deliveryWindow,
  deliveryZoneLabels,
  type DeliveryMethod,
  type DeliveryOption,
} from '../../../../core/delivery.ts'
import { fieldMessages } from '../../../../core/form-issues.ts'
import { isLanguage, type Language } from '../../../../core/language.ts'
import { messages } from '../../../../core/messages.ts'
import { formatEuros } from '../../../../core/money.ts'
import { checkoutShippingSchema, shippingLimits } from '../../../../core/shipping.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { focusField, serverFieldErrors } from '../../../lib/form-errors.ts'
import { formatNumber, pick } from '../../../lib/format.ts'
import { serverMessage } from '../../../lib/server-message.ts'
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import { FieldShell } from '../../ui/FieldShell.tsx'
import { Fact } from '../../ui/Fact.tsx'
import { Form } from '../../ui/Form.tsx'
import * as formStyles from '../../ui/form.css.ts'
import { SelectField } from '../../ui/SelectField.tsx'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { TextField } from '../../ui/TextField.tsx'
import { SurchargeLabel } from '../../cart/SurchargeLabel.tsx'
import { AdminCard, AdminPageHeader } from '../AdminSection.tsx'
import type { AdminContext } from '../admin-context.ts'
import { useAdminAction } from '../use-admin-action.ts'
import { AddressConfirm, usePostcodeCheck, usePostcodeObjection } from '../../address/AddressFields.tsx'
import * as styles from './NewOrderPage.css.ts'
import { FormError } from '../../ui/FormError.tsx'

type Product = RouterOutputs['admin']['products']['list']['items'][number]
type Price = RouterOutputs['admin']['orders']['price']

/** A product line as typed: the product, how many panels, and the agreed price per panel (empty: the customer's price). */
export interface LineValues {
  /** The line's own key, for React: lines come and go. */
  key: string
  productId: string
  quantity: string
  agreedPrice: string
}

type ContactField = 'email' | 'full_name' | 'phone' | 'address_line1' | 'address_line2' | 'postal_code' | 'city'
type LineField = 'productId' | 'quantity' | 'agreedPrice'
type LineName = `lines[${number}].${LineField}`
/** A field the form can show a message beside: the contact and address, each line's fields, the lines as a whole. */
type OrderField = ContactField | LineName | 'lines'

export interface NewOrderValues extends Record<ContactField, string> {
  language: Language
  delivery: DeliveryMethod
  /** The admin confirmed a postal code or town Spain's list does not pair. */
  address_confirmed: boolean
  lines: LineValues[]
}

const contactOrder: readonly ContactField[] = ['email', 'full_name', 'phone']
const homeOrder: readonly ContactField[] = [...contactOrder, 'address_line1', 'address_line2', 'postal_code', 'city']
const lineFields: readonly LineField[] = ['productId', 'quantity', 'agreedPrice']
const contactFields = new Set<unknown>(homeOrder)
const isContactField = (key: unknown): key is ContactField => contactFields.has(key)
const lineName = (index: number, field: LineField): LineName => `lines[${index}].${field}`

/** What the server calls a line's field (`lines.0.agreedPriceCents`), as the form names it. */
const lineFieldOfServer: Record<string, LineField> = { productId: 'productId', quantity: 'quantity', agreedPriceCents: 'agreedPrice' }

/** The active products, the select's choices: every page of the admin's list (25 a page). */
const productsInput = (page: number) => ({ state: 'active' as const, page })

let lineCount = 0
const newLine = (): LineValues => ({ key: `line-${++lineCount}`, productId: '', quantity: '1', agreedPrice: '' })

const emptyOrder = (): NewOrderValues => ({
  email: '',
  full_name: '',
  phone: '',
  address_line1: '',
  address_line2: '',
  postal_code: '',
  city: '',
  language: 'es',
  delivery: 'home',
  address_confirmed: false,
  lines: [newLine()],
})

/** A whole number of panels from 1 to 9999, or null. */
function quantityOf(typed: string): number | null {
  const trimmed = typed.trim()
  if (!/^\d{1,4}$/.test(trimmed)) return null
  const quantity = Number(trimmed)
  return quantity >= 1 ? quantity : null
}

/** The agreed price in cents: null when none is typed (the customer's price), undefined when it is not a price. */
function agreedOf(typed: string): number | null | undefined {
  if (!typed.trim()) return null
  const cents = eurosToCents(typed)
  return cents !== null && cents > 0 ? cents : undefined
}

/** The contact and address as the server takes them: a pickup sends no address. */
function shippingOf(values: NewOrderValues) {
  const home = values.delivery === 'home'
  return {
    full_name: values.full_name,
    email: values.email,
    phone: values.phone,
    address_line1: home ? values.address_line1 : '',
    address_line2: home ? values.address_line2 : '',
    postal_code: home ? values.postal_code : '',
    city: home ? values.city : '',
    state: '',
    country: 'ES' as const,
  }
}

/** The lines as the server takes them, once each is valid (`validate` says why one is not). */
function linesOf(values: NewOrderValues) {
  const lines = []
  for (const line of values.lines) {
    const quantity = quantityOf(line.quantity)
    const agreedPriceCents = agreedOf(line.agreedPrice)
    if (!line.productId || quantity === null || agreedPriceCents === undefined) return null
    lines.push({ productId: line.productId, quantity, agreedPriceCents })
  }
  return lines.length > 0 ? lines : null
}

const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)

/** What admin.orders.price is asked once the lines can be priced; null before. */
export function priceInputOf(values: NewOrderValues) {
  const lines = linesOf(values)
  if (!lines) return null
  const postalCode = values.postal_code.trim()
  const email = values.email.trim()
  return {
    language: values.language,
    delivery: values.delivery,
    postalCode: values.delivery === 'home' && /^\d{5}$/.test(postalCode) ? postalCode : null,
    // Only a whole address is looked up: not one customer per letter typed.
    email: looksLikeEmail(email) ? email : '',
    lines,
  }
}

/** A value once it has stopped changing for `ms` (the price is asked for when the typing pauses). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * The route's loader, here with the page's code rather than in every page's first download. Admin
 * data only for an admin (the layout, src/routes/admin.tsx, says whether).
 */
export async function loadNewOrder({ queryClient, trpc, adminAccess }: AdminContext) {
  if (!adminAccess) return
  await queryClient.ensureQueryData(trpc.admin.products.list.queryOptions(productsInput(1)))
}

/** Every active product, page after page of the admin's list; null until the first page is there. */
function useActiveProducts(): Product[] | null {
  const trpc = useTRPC()
  const first = useQuery(trpc.admin.products.list.queryOptions(productsInput(1)))
  const pageCount = first.data ? Math.ceil(first.data.total / first.data.pageSize) : 1
  const rest = useQueries({
    queries: Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => trpc.admin.products.list.queryOptions(productsInput(index + 2))),
  })
  if (!first.data) return null
  return [...first.data.items, ...rest.flatMap((page) => page.data?.items ?? [])]
}

export function NewOrderPage() {
  return (
    <>
      <AdminPageHeader
        back="/admin/orders"
        backLabel={<Trans>All orders</Trans>}
        title={<Trans>New order</Trans>}
        lead={
          <Trans>
            An order taken on the phone or WhatsApp: at the customer's prices or an agreed price. The customer is emailed a link to pay it, valid for
            7 days.
          </Trans>
        }
      />
      <div className={styles.page}>
        <NewOrderForm />
      </div>
    </>
  )
}

/**
 * The order the owner takes (docs/product.md#phone-orders): the customer's contact, the
 * language of their emails, delivered or collected, and the panels, each at the customer's price or
 * an agreed one. Beside it, what the server would charge; once created, the customer is emailed the
 * payment link and the admin lands on the new order.
 */
export function NewOrderForm() {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const navigate = useNavigate()
  const { act } = useAdminAction()
  const create = useMutation(trpc.admin.orders.create.mutationOptions())
  const products = useActiveProducts()
  // One key per opening of the form: creating twice (a double click, a retry after a lost answer) makes one order.
  const [requestKey] = useState(() => crypto.randomUUID())
  const [defaults] = useState(emptyOrder)
  const [refusal, setRefusal] = useState<string | null>(null)
  const postcodeCheck = usePostcodeCheck()
  const formId = useId()
  const addId = useId()
  const linesErrorId = useId()

  const focusName = (name: string) => {
    if (name === 'lines') document.getElementById(addId)?.focus()
    else focusField(name)
  }

  /** The form's fields in its order, as they are now (the address only for home delivery). */
  const fieldOrder = (values: NewOrderValues): OrderField[] => [
    ...(values.delivery === 'home' ? homeOrder : contactOrder),
    ...values.lines.flatMap((_, index) => lineFields.map((field) => lineName(index, field))),
    'lines',
  ]

  /** The form's own rules: checkout's for the contact and address (its postal code and town against Spain's list), then each line's. */
  const validate = (values: NewOrderValues) => {
    const fields: Partial<Record<OrderField, string>> = {
      ...(values.delivery === 'home' ? postcodeCheck(values, values.address_confirmed) : {}),
      ...fieldMessages(checkoutShippingSchema(values.delivery, false), shippingOf(values), i18n, isContactField)?.fields,
    }
    values.lines.forEach((line, index) => {
      if (!line.productId) fields[lineName(index, 'productId')] = t`Choose the product of this line`
      if (quantityOf(line.quantity) === null) fields[lineName(index, 'quantity')] = i18n._(messages.quantityInvalid)
      if (agreedOf(line.agreedPrice) === undefined) fields[lineName(index, 'agreedPrice')] = i18n._(messages.agreedPriceInvalid)
    })
    if (values.lines.length === 0) fields.lines = i18n._(messages.phoneOrderNoLines)
    return Object.keys(fields).length > 0 ? { fields } : undefined
  }

  const form = useForm({
    defaultValues: defaults,
    validators: { onSubmit: ({ value }) => validate(value) },
    onSubmitInvalid: ({ value, formApi }) => {
      setRefusal(null)
      const first = fieldOrder(value).find((field) => formApi.getFieldMeta(field)?.errors.some((error) => typeof error === 'string'))
      if (first) focusName(first)
    },
    onSubmit: async ({ value, formApi }) => {
      setRefusal(null)
      const lines = linesOf(value)
      if (!lines) return
      const shipping = shippingOf(value)
      const email = shipping.email.trim()
      const outcome = await act(
        () =>
          create.mutateAsync({
            requestKey,
            language: value.language,
            delivery: value.delivery,
            shipping,
            addressConfirmed: value.delivery === 'home' && value.address_confirmed,
            lines,
          }),
        {
          success: ({ orderNumber: number }) => t`Order ${number} created: the payment link was sent to ${email}`,
          onRefusal: (message, error) => {
            const order = fieldOrder(value)
            const isField = (key: unknown): key is OrderField => order.some((field) => field === key)
            const said = serverFieldErrors(error, isField, serverFieldOf)
            const named = order.filter((field) => said[field] !== undefined)
            for (const field of named) formApi.setFieldMeta(field, (meta) => ({ ...meta, errorMap: { onSubmit: said[field] } }))
            if (named[0]) focusName(named[0])
            else setRefusal(message)
          },
        },
      )
      if (outcome.ok) await navigate({ to: '/admin/orders/$id', params: { id: outcome.result.id } })
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const values = useStore(form.store, (state) => state.values)
  const objection = usePostcodeObjection(values.delivery === 'home' ? values.postal_code : '', values.city)
  const priceKey = JSON.stringify(priceInputOf(values))
  const settled = useSettled(priceKey, 400)

  /** After a line comes or goes, the keyboard goes to a line's product (or to "Add a product" when none is left). */
  const focusLine = (index: number | null) => setTimeout(() => focusName(index === null ? 'lines' : lineName(index, 'productId')), 0)

  const text = (name: ContactField, label: string, props: { autoComplete?: string; type?: string; inputMode?: 'numeric' | 'tel' | 'email' } = {}) => (
    <form.Field name={name}>
      {(field) => (
        <TextField
          label={label}
          name={name}
          maxLength={shippingLimits[name].max}
          autoComplete={props.autoComplete ?? 'off'}
          {...(props.type ? { type: props.type } : {})}
          {...(props.inputMode ? { inputMode: props.inputMode } : {})}
          value={field.state.value}
          onChange={(event) => {
            field.handleChange(event.target.value)
            // A new postal code or town is checked afresh.
            if (name === 'postal_code' || name === 'city') form.setFieldValue('address_confirmed', false)
          }}
          onBlur={field.handleBlur}
          error={firstString(field.state.meta.errors)}
        />
      )}
    </form.Field>
  )

  return (
    <div className={styles.layout}>
      <div className={styles.column}>
        <AdminCard headingId="new-order-heading" title={<Trans>Order details</Trans>}>
          <FormError message={refusal} />
          <Form id={formId} onSubmit={form.handleSubmit} aria-labelledby="new-order-heading">
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                <Trans>Customer</Trans>
              </legend>
              <div className={styles.wide}>{text('email', t`Email`, { type: 'email', inputMode: 'email' })}</div>
              {text('full_name', t`Full name`)}
              {text('phone', t`Phone`, { type: 'tel', inputMode: 'tel' })}
              <form.Field name="language">
                {(field) => (
                  <SelectField
                    label={t`Language of the order`}
                    name="language"
                    value={field.state.value}
                    options={[
                      { value: 'es', label: t`Spanish` },
                      { value: 'en', label: t`English` },
                    ]}
                    onChange={(value) => {
                      if (isLanguage(value)) field.handleChange(value)
                    }}
                  />
                )}
              </form.Field>
            </fieldset>

            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>
                <Trans>Delivery</Trans>
              </legend>
              <form.Field name="delivery">
                {(field) => (
                  <div className={styles.wide}>
                    <SelectField
                      label={t`Delivery method`}
                      name="delivery"
                      value={field.state.value}
                      options={deliveryMethods.map((method) => ({ value: method, label: i18n._(deliveryMethodLabels[method]) }))}
                      onChange={(value) => {
                        const method = deliveryMethods.find((known) => known === value)
                        if (method) field.handleChange(method)
                      }}
                    />
                  </div>
                )}
              </form.Field>
              {values.delivery === 'home' ? (
                <>
                  <div className={styles.wide}>{text('address_line1', t`Address`)}</div>
                  <div className={styles.wide}>{text('address_line2', t`Address line 2 (optional)`)}</div>
                  {text('postal_code', t`Postal code`, { inputMode: 'numeric' })}
                  {text('city', t`City`)}
                  <AddressConfirm
                    objection={objection}
                    confirmed={values.address_confirmed}
                    onConfirmedChange={(confirmed) => form.setFieldValue('address_confirmed', confirmed)}
                  />
                </>
              ) : null}
            </fieldset>

            <form.Field name="lines" mode="array">
              {(linesField) => {
                const linesError = firstString(linesField.state.meta.errors)
                return (
                  <fieldset className={styles.productsFieldset}>
                    <legend className={styles.legend}>
                      <Trans>Products</Trans>
                    </legend>
                    {products === null ? (
                      <p className={styles.muted} role="status">
                        <Trans>Loading the products...</Trans>
                      </p>
                    ) : null}
                    <ol className={styles.lines}>
                      {linesField.state.value.map((line, index) => (
                        <li key={line.key}>
                          <LineFields
                            index={index}
                            products={products ?? []}
                            onRemove={() => {
                              const left = linesField.state.value.length - 1
                              linesField.removeValue(index)
                              focusLine(left === 0 ? null : Math.min(index, left - 1))
                            }}
                            renderField={(field, render) => (
                              <form.Field name={lineName(index, field)}>
                                {(api) =>
                                  render({
                                    value: typeof api.state.value === 'string' ? api.state.value : '',
                                    onChange: (next) => api.handleChange(next),
                                    onBlur: api.handleBlur,
                                    error: firstString(api.state.meta.errors),
                                  })
                                }
                              </form.Field>
                            )}
                          />
                        </li>
                      ))}
                    </ol>
                    <div className={styles.actions}>
                      <button
                        type="button"
                        id={addId}
                        className={button({ tone: 'outline', size: 'sm' })}
                        aria-describedby={linesError ? linesErrorId : undefined}
                        onClick={() => {
                          const added = linesField.state.value.length
                          linesField.pushValue(newLine())
                          focusLine(added)
                        }}
                      >
                        <Trans>Add a product</Trans>
                      </button>
                    </div>
                    {linesError ? (
                      <p id={linesErrorId} className={formStyles.error}>
                        {linesError}
                      </p>
                    ) : null}
                  </fieldset>
                )
              }}
            </form.Field>

            <div className={styles.actions}>
              <SubmitButton working={submitting} workingLabel={<Trans>Creating the order...</Trans>}>
                <Trans>Create order and send payment link</Trans>
              </SubmitButton>
            </div>
          </Form>
        </AdminCard>
      </div>
      <div className={styles.column}>
        <PriceSummary priceKey={settled} pending={settled !== priceKey} delivery={values.delivery} language={language} />
      </div>
    </div>
  )
}

const firstString = (errors: readonly unknown[]) => errors.find((e): e is string => typeof e === 'string')

/** Where the server's issue belongs in the form: `shipping.email` is `email`, `lines.0.quantity` that line's quantity. */
function serverFieldOf(path: readonly string[]): unknown {
  const [head, index, field] = path
  if (head === 'shipping') return path[1]
  if (head !== 'lines') return path.at(-1)
  const named = field === undefined ? undefined : lineFieldOfServer[field]
  return index !== undefined && /^\d+$/.test(index) && named ? lineName(Number(index), named) : 'lines'
}

interface FieldState {
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  error: string | undefined
}

/** One product line: the product, the panels, an agreed price, and the button that removes it. */
function LineFields({
  index,
  products,
  onRemove,
  renderField,
}: {
  index: number
  products: readonly Product[]
  onRemove: () => void
  renderField: (field: LineField, render: (state: FieldState) => ReactNode) => ReactNode
}) {
  const { t } = useLingui()
  const language = useLanguage()
  const number = index + 1
  return (
    <fieldset className={styles.line}>
      <legend className={styles.lineLegend}>
        <Trans>Line {number}</Trans>
      </legend>
      {renderField('productId', (state) => (
        <ProductSelect name={lineName(index, 'productId')} products={products} language={language} {...state} />
      ))}
      {renderField('quantity', (state) => (
        <TextField
          label={t`Panels`}
          name={lineName(index, 'quantity')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={state.value}
          onChange={(event) => state.onChange(event.target.value)}
          onBlur={state.onBlur}
          error={state.error}
        />
      ))}
      {renderField('agreedPrice', (state) => (
        <TextField
          label={t`Agreed price per panel (€, IVA included)`}
          hint={t`Optional: empty for the customer's price`}
          name={lineName(index, 'agreedPrice')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={9}
          value={state.value}
          onChange={(event) => state.onChange(event.target.value)}
          onBlur={state.onBlur}
          error={state.error}
        />
      ))}
      <button type="button" className={button({ tone: 'ghost', size: 'sm' })} onClick={onRemove} aria-label={t`Remove line ${number}`}>
        <Trans>Remove</Trans>
      </button>
    </fieldset>
  )
}

/** The products to choose from, by category (the list's order), each with its retail price. */
function ProductSelect({
  name,
  products,
  language,
  value,
  onChange,
  onBlur,
  error,
}: FieldState & { name: string; products: readonly Product[]; language: Language }) {
  const { t } = useLingui()
  const groups = new Map<string, { label: string; products: Product[] }>()
  for (const product of products) {
    const group = groups.get(product.category.id) ?? { label: pick(language, product.category.nameEs, product.category.nameEn), products: [] }
    group.products.push(product)
    groups.set(product.category.id, group)
  }
  return (
    <FieldShell label={t`Product`} error={error}>
      {(control) => (
        <select
          className={formStyles.input}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          {...control}
        >
          <option value="">{t`Choose a product`}</option>
          {[...groups.entries()].map(([id, group]) => (
            <optgroup key={id} label={group.label}>
              {group.products.map((product) => (
                <option key={product.id} value={product.id}>
                  {`${pick(language, product.nameEs, product.nameEn)} · ${formatEuros(product.priceRetailCents, language)}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

/**
 * What the server would charge, asked once the typing pauses: each line at its price, the delivery,
 * the recargo de equivalencia when the customer pays it, the total, and whose email it is. A short
 * status line says what changed (aria-live); the figures stay readable below it.
 */
function PriceSummary({
  priceKey,
  pending,
  delivery,
  language,
}: {
  priceKey: string
  pending: boolean
  delivery: DeliveryMethod
  language: Language
}) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const input: ReturnType<typeof priceInputOf> = JSON.parse(priceKey)
  const { data, error, isFetching } = useQuery({
    ...trpc.admin.orders.price.queryOptions(input ?? skipToken),
    placeholderData: keepPreviousData,
    retry: false,
  })
  const euros = (cents: number) => formatEuros(cents, language)
  const shown: Price | undefined = input ? data : undefined
  const busy = input !== null && (pending || isFetching)
  const total = shown ? euros(shown.totalCents) : ''
  const who = shown?.customer.name ?? input?.email ?? ''
  const status = !input
    ? t`Choose the products and their panels to see the price.`
    : busy
      ? t`Calculating the price...`
      : error
        ? serverMessage(error, t`The price could not be calculated. Try again in a moment.`)
        : shown
          ? t`Total ${total}`
          : ''
  return (
    <AdminCard headingId="new-order-summary-heading" title={<Trans>Summary</Trans>} testId="new-order-summary">
      <div className={styles.summary} aria-busy={busy}>
        <p className={styles.muted} role="status">
          {status}
        </p>
        {shown ? (
          <>
            <p className={styles.muted} data-testid="new-order-customer">
              {!input?.email ? (
                <Trans>Type the customer's email to find their account.</Trans>
              ) : shown.customer.found ? (
                shown.customer.wholesale ? (
                  <Trans>Existing wholesale customer: {who}. Wholesale prices apply.</Trans>
                ) : (
                  <Trans>Existing customer: {who}.</Trans>
                )
              ) : (
                <Trans>New customer: retail prices.</Trans>
              )}
            </p>
            <dl className={styles.facts}>
              {shown.lines.map((line, index) => (
                <LineFact key={index} line={line} language={language} />
              ))}
              <Fact term={<Trans>Delivery</Trans>} className={styles.fact} testId="new-order-delivery">
                {shown.delivery ? (
                  <>
                    {deliveryMethodText(i18n, shown.delivery)} · {deliveryWindowText(i18n, shown.delivery)} ·{' '}
                    {shown.delivery.priceCents === 0 ? <Trans>Free</Trans> : euros(shown.delivery.priceCents)}
                  </>
                ) : delivery === 'home' ? (
                  <Trans>Type the postal code to price it</Trans>
                ) : (
                  <Trans>Not available</Trans>
                )}
              </Fact>
              {shown.surchargeCents > 0 ? (
                <Fact term={<SurchargeLabel rateBasisPoints={shown.surchargeRateBasisPoints} />} className={styles.fact}>
                  {euros(shown.surchargeCents)}
                </Fact>
              ) : null}
              <Fact term={<Trans>Total (VAT included)</Trans>} className={styles.total} testId="new-order-total">
                {euros(shown.totalCents)}
              </Fact>
            </dl>
          </>
        ) : null}
      </div>
    </AdminCard>
  )
}

/** One priced line: its panels and name, the price per panel (an agreed one beside the price list's), its amount. */
function LineFact({ line, language }: { line: Price['lines'][number]; language: Language }) {
  const quantity = formatNumber(line.quantity, language)
  const unit = formatEuros(line.unitPriceCents, language)
  const list = formatEuros(line.listPriceCents, language)
  return (
    <Fact
      className={styles.fact}
      term={
        <>
          {quantity} × {line.name}
          <span className={styles.agreed}>
            {line.unitPriceCents !== line.listPriceCents ? (
              <Trans>
                Agreed {unit} a panel (price list {list})
              </Trans>
            ) : (
              <Trans>{unit} a panel</Trans>
            )}
          </span>
        </>
      }
    >
      {formatEuros(line.subtotalCents, language)}
    </Fact>
  )
}

/** "Home delivery (Peninsula)" or "Showroom pickup (Torrevieja)", as the order page says it. */
function deliveryMethodText(i18n: ReturnType<typeof useLingui>['i18n'], delivery: DeliveryOption) {
  const method = i18n._(deliveryMethodLabels[delivery.method])
  return delivery.method === 'home' ? `${method} (${i18n._(deliveryZoneLabels[delivery.zone])})` : method
}

function deliveryWindowText(i18n: ReturnType<typeof useLingui>['i18n'], delivery: { method: DeliveryMethod; minDays: number; maxDays: number }) {
  const { message, values } = deliveryWindow(delivery)
  return i18n._(message.id, values, { message: message.message })
}
