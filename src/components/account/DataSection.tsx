import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from '../../lib/toast.ts'
import { button } from '../ui/button.css.ts'
import { DialogPanel, FormDialogRoot } from '../ui/DialogPanel.tsx'
import * as dialog from '../ui/dialog.css.ts'
import { fieldProps } from '../ui/field-props.ts'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { CurrentPasswordInput } from '../auth/PasswordInputs.tsx'
import { useRefreshAfterAuthChange } from '../../lib/account.ts'
import { authClient } from '../../lib/auth-client.ts'
import { focusField } from '../../lib/form-errors.ts'
import { useTRPCClient } from '../../lib/trpc.ts'
import { passwordAgainSchema } from '../../../core/account.ts'
import { fieldMessages, fieldOf } from '../../../core/form-issues.ts'
import * as styles from '../../routes/-account.css.ts'

/** "Your data": a JSON file of everything the shop holds about the person, and deleting the account. */
export function DataSection() {
  const { t } = useLingui()
  const client = useTRPCClient()
  const [exporting, setExporting] = useState(false)

  const download = async () => {
    setExporting(true)
    try {
      const data = await client.account.export.query()
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      // The file's name in the reader's language, as the rest of the page ("mis-datos-2026-11-20.json").
      link.download = `${t({ message: 'my-data', comment: 'The name of the downloaded data file: lowercase, words joined by hyphens' })}-${data.exportedAt.slice(0, 10)}.json`
      link.click()
      URL.revokeObjectURL(url)
    } catch {
      toast.error(t`Something went wrong`)
    } finally {
      setExporting(false)
    }
  }

  return (
    <>
      <p className={styles.muted}>
        <Trans>
          Download a file with everything we hold about you: your account, profile and address, orders with their items, and the requests and messages
          you sent us.
        </Trans>
      </p>
      <div>
        <button type="button" className={button({ tone: 'outline' })} disabled={exporting} onClick={() => void download()}>
          <Trans>Download my data</Trans>
        </button>
      </div>
      <div className={styles.danger}>
        <h3 className={styles.subheading}>
          <Trans>Delete my account</Trans>
        </h3>
        <p className={styles.muted}>
          <Trans>
            Your account, profile, address, cart, sessions and requests are deleted at once. Orders you paid stay in our records, detached from any
            account, for as long as the law requires invoices to be kept (see the <Link to="/privacy">privacy policy</Link>).
          </Trans>
        </p>
        <DeleteAccountDialog />
      </div>
    </>
  )
}

function DeleteAccountDialog() {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const refresh = useRefreshAfterAuthChange()
  const navigate = useNavigate()
  const form = useForm({
    defaultValues: { password: '' },
    validators: { onSubmit: ({ value }) => fieldMessages(passwordAgainSchema, value, i18n, fieldOf(value)) },
    onSubmitInvalid: () => focusField('password'),
    onSubmit: async ({ value, formApi }) => {
      const { error } = await authClient.deleteUser({ password: value.password })
      if (error) {
        const message = error.code === 'INVALID_PASSWORD' ? t`The password is not correct.` : t`Something went wrong`
        formApi.setFieldMeta('password', (meta) => ({ ...meta, errorMap: { onSubmit: message } }))
        focusField('password')
        return
      }
      setOpen(false)
      await navigate({ to: '/', replace: true })
      await refresh()
      toast.success(t`Your account has been deleted.`)
    },
  })
  const submitting = useStore(form.store, (state) => state.isSubmitting)
  return (
    <FormDialogRoot open={open} setOpen={setOpen} onClose={() => form.reset()}>
      <Dialog.Trigger className={button({ tone: 'danger' })}>
        <Trans>Delete my account</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Delete your account?</Trans>}>
        <Dialog.Description className={dialog.description}>
          <Trans>This cannot be undone. Type your password to confirm.</Trans>
        </Dialog.Description>
        <Form onSubmit={form.handleSubmit}>
          <form.Field name="password">{(field) => <CurrentPasswordInput name="password" {...fieldProps(field)} />}</form.Field>
          <SubmitButton tone="danger" working={submitting} workingLabel={<Trans>Deleting...</Trans>}>
            <Trans>Delete my account for good</Trans>
          </SubmitButton>
        </Form>
      </DialogPanel>
    </FormDialogRoot>
  )
}
