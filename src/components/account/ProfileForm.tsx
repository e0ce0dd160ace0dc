import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../lib/toast.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { SelectField } from '../ui/SelectField.tsx'
import { TextField } from '../ui/TextField.tsx'
import { focusFirstInvalid } from '../../lib/form-errors.ts'
import { shippingAutoComplete, useCountryOptions, useShippingLabels } from '../../lib/shipping-fields.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import {
  accountUpdateSchema,
  addressFields,
  companyMaxLength,
  emptyAddress,
  isBlankAddress,
  type AccountUpdateInput,
  type AddressInput,
} from '../../../core/account.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { shippingLimits } from '../../../core/shipping.ts'
import * as styles from '../../routes/-account.css.ts'

type Profile = RouterOutputs['account']['profile']
type Values = { name: string; phone: string; company: string } & AddressInput

const order: ReadonlyArray<keyof Values> = ['name', 'phone', 'company', ...addressFields]

/** The form's flat fields as account.update takes them: a blank address is no default address. */
function toInput(values: Values): AccountUpdateInput {
  const { name, phone, company, ...address } = values
  return { name, phone, company, address: isBlankAddress(address) ? null : address }
}

/** Name, phone, company and the default shipping address that prefills checkout. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const update = useMutation(trpc.account.update.mutationOptions())
  const shipping = useShippingLabels()
  const countryOptions = useCountryOptions()
  const defaults: Values = { name: profile.name, phone: profile.phone, company: profile.company, ...(profile.address ?? emptyAddress) }
  const form = useForm({
    defaultValues: defaults,
    validators: { onSubmit: ({ value }) => fieldMessages(accountUpdateSchema, toInput(value), i18n, fieldOf(value)) },
    onSubmitInvalid: focusFirstInvalid(order),
    onSubmit: async ({ value }) => {
      try {
        const saved = await update.mutateAsync(accountUpdateSchema.parse(toInput(value)))
        queryClient.setQueryData(trpc.account.profile.queryKey(), saved)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.checkout.prefill.queryKey() }),
        ])
        toast.success(t`Your details have been saved.`)
      } catch (error) {
        toast.error(serverMessage(error, t`Something went wrong`))
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const labels: Record<keyof Values, string> = {
    name: shipping.full_name,
    phone: t`Phone (optional)`,
    company: t`Company (optional)`,
    address_line1: shipping.address_line1,
    address_line2: shipping.address_line2,
    city: shipping.city,
    state: shipping.state,
    postal_code: shipping.postal_code,
    country: shipping.country,
  }
  const autoComplete: Record<keyof Values, string> = { ...shippingAutoComplete, name: 'name', phone: 'tel', company: 'organization' }
  const maxLength: Record<keyof Values, number> = {
    name: shippingLimits.full_name.max,
    phone: shippingLimits.phone.max,
    company: companyMaxLength,
    address_line1: shippingLimits.address_line1.max,
    address_line2: shippingLimits.address_line2.max,
    city: shippingLimits.city.max,
    state: shippingLimits.state.max,
    postal_code: shippingLimits.postal_code.max,
    country: shippingLimits.country.max,
  }
  const field = (name: keyof Values, wide = false) => (
    <form.Field key={name} name={name}>
      {(api) => (
        <div className={wide ? styles.wide : undefined}>
          {/* The country is chosen from the checkout's list (docs/product.md#delivery). */}
          {name === 'country' ? (
            <SelectField
              label={labels.country}
              name={name}
              autoComplete={autoComplete.country}
              options={countryOptions}
              value={api.state.value}
              error={fieldProps(api).error}
              onBlur={api.handleBlur}
              onChange={api.handleChange}
            />
          ) : (
            <TextField
              label={labels[name]}
              name={name}
              type={name === 'phone' ? 'tel' : 'text'}
              autoComplete={autoComplete[name]}
              required={name === 'name'}
              maxLength={maxLength[name]}
              {...fieldProps(api)}
            />
          )}
        </div>
      )}
    </form.Field>
  )
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="profile-heading">
      <div className={styles.fields}>
        {field('name', true)}
        {field('phone')}
        {field('company')}
      </div>
      <h3 className={styles.subheading}>
        <Trans>Default shipping address</Trans>
      </h3>
      <p className={styles.muted}>
        <Trans>Checkout is filled in with it; you can still change it for each order. Leave every field empty to keep none.</Trans>
      </p>
      <div className={styles.fields}>
        {field('address_line1', true)}
        {field('address_line2', true)}
        {field('city')}
        {field('state')}
        {field('postal_code')}
        {field('country')}
      </div>
      <SubmitButton working={submitting} workingLabel={<Trans>Saving...</Trans>}>
        <Trans>Save my details</Trans>
      </SubmitButton>
    </Form>
  )
}
