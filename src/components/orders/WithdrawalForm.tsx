import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { Form } from '../ui/Form.tsx'
import { SubmitButton } from '../ui/SubmitButton.tsx'
import { TextArea } from '../ui/TextArea.tsx'
import { TextField } from '../ui/TextField.tsx'
import { keepTypedValue } from '../ui/typed-early.ts'
import { focusField } from '../../lib/form-errors.ts'
import * as dialog from '../ui/dialog.css.ts'
import {
  withdrawalCommentMax,
  withdrawalFields,
  withdrawalStatementSchema,
  type WithdrawalField,
  type WithdrawalStatement,
} from '../../../core/withdrawal-statement.ts'

export type WithdrawalErrors = Partial<Record<WithdrawalField, string>>

/** The order a buyer withdraws from on /orders (its dialog, or the statement in the page). */
export interface WithdrawalOrder {
  orderId: string
  number: string
  /** The order's name and email, the statement's start. */
  defaults: { name: string; email: string }
  /** Asks /orders again once the withdrawal is sent (or refused). */
  onDone: () => Promise<unknown>
}

/**
 * The buyer's withdrawal statement (docs/product.md#withdrawal): name and email prefilled from the
 * order, an optional comment, no reason asked. Checked by the shared schema before it is sent; with
 * JavaScript off it posts to its own page, which the server answers (server/http/form-posts.ts).
 */
export function WithdrawalForm({
  defaults,
  onSubmit,
  working,
  errors: given = {},
  actions,
  hidden = {},
}: {
  /** Where the fields start: the order's name and email, or what a refused post had typed. */
  defaults: { name: string; email: string; comment?: string }
  /** Sends the statement; answers the fields the server refused, if any. */
  onSubmit: (statement: WithdrawalStatement) => Promise<WithdrawalErrors | undefined>
  working: boolean
  /** The server's errors of a statement posted without JavaScript. */
  errors?: WithdrawalErrors
  /** Buttons beside the confirmation (the dialog's "Keep the order"). */
  actions?: ReactNode
  /** What the form's post names besides the statement (which form of the page, which order). */
  hidden?: Record<string, string>
}) {
  const { t, i18n } = useLingui()
  const [values, setValues] = useState({ name: defaults.name, email: defaults.email, comment: defaults.comment ?? '' })
  const [errors, setErrors] = useState<WithdrawalErrors>(given)
  // A statement refused without JavaScript: the first field to fix has the keyboard.
  const firstGiven = withdrawalFields.find((field) => given[field])
  const set = (field: WithdrawalField) => (event: { target: { value: string } }) => setValues((now) => ({ ...now, [field]: event.target.value }))
  // What was typed before the page's script ran stays (docs/product.md#forms).
  const keep = (field: WithdrawalField) => keepTypedValue(values[field], (value) => set(field)({ target: { value } }))
  const submit = async () => {
    const parsed = withdrawalStatementSchema.safeParse(values)
    if (!parsed.success) {
      const found: WithdrawalErrors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if (typeof field === 'string' && (withdrawalFields as readonly string[]).includes(field))
          found[field as WithdrawalField] ??= i18n._(issue.message)
      }
      setErrors(found)
      const first = withdrawalFields.find((field) => found[field])
      if (first) focusField(first)
      return
    }
    setErrors({})
    const refused = await onSubmit(parsed.data)
    if (refused) setErrors(refused)
  }
  return (
    <Form onSubmit={submit} aria-label={t`Withdrawal from the contract`}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>
        <Trans>I hereby give notice that I withdraw from my contract of sale of the goods of this order.</Trans>
      </p>
      <TextField
        label={t`Name`}
        name="name"
        autoFocus={firstGiven === 'name'}
        autoComplete="name"
        ref={keep('name')}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        maxLength={100}
      />
      <TextField
        label={t`Email`}
        name="email"
        autoFocus={firstGiven === 'email'}
        type="email"
        autoComplete="email"
        ref={keep('email')}
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        maxLength={255}
      />
      <TextArea
        label={t`Comment (optional)`}
        name="comment"
        autoFocus={firstGiven === 'comment'}
        ref={keep('comment')}
        value={values.comment}
        onChange={set('comment')}
        error={errors.comment}
        maxLength={withdrawalCommentMax}
        rows={3}
      />
      <p>
        <Trans>We will email you an acknowledgment at once.</Trans>
      </p>
      <div className={dialog.actions}>
        {actions}
        <SubmitButton tone="danger" working={working} workingLabel={<Trans>Sending...</Trans>}>
          <Trans>Confirm the withdrawal</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}

/** What withdrawing means, said before the statement (in its dialog, or in the page). */
export function WithdrawalTerms() {
  return (
    <Trans>
      You may withdraw without giving a reason. You then send the panels back as our returns page explains, and we refund you within 14 days of
      receiving this withdrawal.
    </Trans>
  )
}
