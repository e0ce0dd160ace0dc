import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { toast } from '../../lib/toast.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextField } from '../ui/TextField.tsx'
import { AddressFields, addressFieldProps, usePostcodeCheck, type AddressFieldSlot } from '../address/AddressFields.tsx'
import { focusFirstInvalid } from '../../lib/form-errors.ts'
import { useShippingLabels } from '../../lib/shipping-fields.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import {
  accountUpdateInput,
  accountUpdateSchema,
  companyMaxLength,
  emptyAddress,
  profileTextFields,
  type ProfileFormValues,
} from '../../../core/account.ts'
import { postedRefusal, postedValues, usePostedForm } from '../../lib/posted-form.ts'
import * as formStyles from '../ui/form.css.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import { shippingLimits } from '../../../core/shipping.ts'
import * as styles from '../../routes/-account.css.ts'
import { FormError } from '../ui/FormError.tsx'

type Profile = RouterOutputs['account']['profile']
type Values = ProfileFormValues

const order = profileTextFields
const route = getRouteApi('/account')

/** Name, phone, company and the default shipping address that prefills checkout. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const update = useMutation(trpc.account.update.mutationOptions())
  const shipping = useShippingLabels()
  const postcodeCheck = usePostcodeCheck()
  const { saved } = route.useSearch()
  // Posted before the page's script ran and refused (server/http/account-forms.ts): what was typed, and why.
  const posted = usePostedForm('profile')
  const defaults: Values = {
    name: profile.name,
    phone: profile.phone,
    company: profile.company,
    ...(profile.address ?? emptyAddress),
    ...postedValues(posted, profileTextFields),
    address_confirmed: posted ? posted.values.address_confirmed === 'on' : false,
  }
  const form = useForm({
    defaultValues: defaults,
    validators: {
      // The schema's rules first; then, for an address given, its postal code and town against Spain's list.
      onSubmit: ({ value }) => {
        const input = accountUpdateInput(value)
        const schema = fieldMessages(accountUpdateSchema, input, i18n, fieldOf(value))
        const postcode = input.address ? postcodeCheck(input.address, value.address_confirmed) : {}
        return schema || Object.keys(postcode).length > 0 ? { fields: { ...postcode, ...schema?.fields } } : undefined
      },
    },
    onSubmitInvalid: focusFirstInvalid(order),
    onSubmit: async ({ value }) => {
      try {
        const saved = await update.mutateAsync(accountUpdateSchema.parse(accountUpdateInput(value)))
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
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, order, submitted)
  const labels: Record<'name' | 'phone' | 'company', string> = {
    name: shipping.full_name,
    phone: t`Phone (optional)`,
    company: t`Company (optional)`,
  }
  const autoComplete: Record<'name' | 'phone' | 'company', string> = { name: 'name', phone: 'tel', company: 'organization' }
  const maxLength: Record<'name' | 'phone' | 'company', number> = {
    name: shippingLimits.full_name.max,
    phone: shippingLimits.phone.max,
    company: companyMaxLength,
  }
  const field = (name: 'name' | 'phone' | 'company', wide = false) => (
    <form.Field key={name} name={name}>
      {(api) => (
        <div className={wide ? styles.wide : undefined}>
          <TextField
            label={labels[name]}
            name={name}
            type={name === 'phone' ? 'tel' : 'text'}
            autoComplete={autoComplete[name]}
            required={name === 'name'}
            maxLength={maxLength[name]}
            autoFocus={refusal.firstInvalid === name}
            {...fieldProps(api, refusal.error(name))}
          />
        </div>
      )}
    </form.Field>
  )
  const addressField: AddressFieldSlot = (name, render) => (
    <form.Field key={name} name={name}>
      {(api) => {
        const props = addressFieldProps(api)
        return render({ ...props, error: props.error ?? refusal.error(name), autoFocus: refusal.firstInvalid === name })
      }}
    </form.Field>
  )
  const postalCode = useStore(form.store, (state) => state.values.postal_code)
  const city = useStore(form.store, (state) => state.values.city)
  const confirmed = useStore(form.store, (state) => state.values.address_confirmed)
  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="profile-heading">
      {/* Which of the page's forms this is, when it is posted without the script. */}
      <input type="hidden" name="form" value="profile" />
      {saved && !submitted ? (
        <p className={formStyles.formDone} role="status">
          <Trans>Your details have been saved.</Trans>
        </p>
      ) : null}
      <FormError message={refusal.message} />
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
      <AddressFields
        field={addressField}
        postalCode={postalCode}
        city={city}
        fill={(name, value) => form.setFieldValue(name, value)}
        confirmed={confirmed}
        onConfirmedChange={(value) => {
          form.setFieldValue('address_confirmed', value)
          // Once submitted, the objection beside the postal code or town goes with the tick.
          if (form.state.submissionAttempts > 0) void form.validate('submit')
        }}
        required={false}
      />
      <SubmitButton working={submitting} workingLabel={<Trans>Saving...</Trans>}>
        <Trans>Save my details</Trans>
      </SubmitButton>
    </Form>
  )
}
