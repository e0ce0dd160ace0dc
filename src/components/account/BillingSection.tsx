import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { BillingFields, billingFieldProps, focusFirstInvalidBilling } from '../billing/BillingFields.tsx'
import { billingMessages } from '../../lib/billing-messages.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { billingFormValues, type Billing } from '../../../core/billing.ts'
import { billingFields, emptyBilling, isBillingIdKind } from '../../../core/billing-fields.ts'
import { postedRefusal, postedValues, usePostedForm } from '../../lib/posted-form.ts'
import { DoneNotice } from './DoneNotice.tsx'
import * as styles from '../../routes/-account.css.ts'
import { FormError } from '../ui/FormError.tsx'

type BillingDetails = RouterOutputs['account']['billing']

/**
 * The billing details for a full invoice (docs/product.md#invoices) that checkout offers: kept,
 * changed or forgotten here. A wholesale customer's invoices always name the company their account
 * was approved with, so they get no form.
 */
export function BillingSection() {
  const trpc = useTRPC()
  const { data } = useSuspenseQuery(trpc.account.billing.queryOptions())
  return (
    <>
      <p className={styles.muted}>
        <Trans>For a full invoice with your tax id: checkout offers these details, and keeps the ones you give there.</Trans>
      </p>
      {data.wholesale ? <WholesaleNote wholesale={data.wholesale} /> : <BillingForm saved={data.saved} />}
    </>
  )
}

function WholesaleNote({ wholesale }: { wholesale: Billing }) {
  const { name, taxId } = wholesale
  return (
    <p>
      <Trans>
        Your invoices are always made out to {name} ({taxId}), the company your wholesale account was approved with.
      </Trans>
    </p>
  )
}

function BillingForm({ saved }: { saved: Billing | null }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const update = useMutation(trpc.account.updateBilling.mutationOptions())

  /** The server's answer is the page's data now; checkout offers the new details. */
  const keep = async (details: BillingDetails) => {
    queryClient.setQueryData(trpc.account.billing.queryKey(), details)
    await queryClient.invalidateQueries({ queryKey: trpc.checkout.billing.queryKey() })
  }

  // Posted before the page's script ran and refused (server/http/account-forms.ts): what was typed, and why.
  const posted = usePostedForm('billing')
  const typed = postedValues(posted, billingFields)
  const defaults = saved ? billingFormValues(saved) : emptyBilling
  const form = useForm({
    defaultValues: posted ? { ...defaults, ...typed, idKind: isBillingIdKind(typed.idKind) ? typed.idKind : defaults.idKind } : defaults,
    validators: { onSubmit: ({ value }) => billingMessages(value, i18n, '') },
    onSubmitInvalid: ({ formApi }) => void focusFirstInvalidBilling(formApi),
    onSubmit: async ({ value }) => {
      try {
        // Checked above with the server's own rules; the server parses and checks them again.
        const details = await update.mutateAsync({ billing: value })
        await keep(details)
        // As stored: the tax id normalised (upper case, no separators).
        if (details.saved) form.reset(billingFormValues(details.saved))
        toast.success(t`Your billing details have been saved.`)
      } catch (error) {
        toast.error(serverMessage(error, t`Something went wrong`))
      }
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  const idKind = useStore(form.store, (state) => state.values.idKind)
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0)
  const refusal = postedRefusal(posted, billingFields, submitted)

  const forget = async () => {
    try {
      const details = await update.mutateAsync({ billing: null })
      await keep(details)
      form.reset(emptyBilling)
      toast.success(t`Billing details forgotten.`)
    } catch (error) {
      toast.error(serverMessage(error, t`Something went wrong`))
    }
  }

  return (
    <Form onSubmit={form.handleSubmit} aria-labelledby="billing-heading">
      {/* Which of the page's forms this is, when it is posted without the script. */}
      <input type="hidden" name="form" value="billing" />
      <DoneNotice what="billing" stale={submitted}>
        <Trans>Your billing details have been saved.</Trans>
      </DoneNotice>
      <DoneNotice what="billing-forgotten" stale={submitted}>
        <Trans>Billing details forgotten.</Trans>
      </DoneNotice>
      <FormError message={refusal.message} />
      <BillingFields
        idKind={idKind}
        field={(name, render) => (
          <form.Field name={name}>
            {(field) => {
              const props = billingFieldProps(field)
              return render({ ...props, error: props.error ?? refusal.error(name), autoFocus: refusal.firstInvalid === name })
            }}
          </form.Field>
        )}
      />
      <div className={styles.row}>
        <SubmitButton working={submitting} workingLabel={<Trans>Saving...</Trans>}>
          <Trans>Save billing details</Trans>
        </SubmitButton>
        {saved ? (
          // A submit button of its own: without the script, the form is posted marked "forget".
          <button
            type="submit"
            name="intent"
            value="forget"
            className={button({ tone: 'outline' })}
            disabled={update.isPending || submitting}
            onClick={(event) => {
              event.preventDefault()
              void forget()
            }}
          >
            <Trans>Forget billing details</Trans>
          </button>
        ) : null}
      </div>
    </Form>
  )
}
