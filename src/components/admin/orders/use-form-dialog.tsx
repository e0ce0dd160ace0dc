import type { AnyFieldLikeMetaBase } from '@tanstack/react-form'
import { useId, useRef, useState } from 'react'
import { useAdminAction } from '../use-admin-action.ts'
import { serverFieldErrors } from '../../../lib/form-errors.ts'
import { toast } from '../../../lib/toast.ts'
import { httpStatusOf } from '../../../lib/trpc.ts'
import * as styles from './OrderPage.css.ts'

/** What the hook does with the dialog's form: put a message beside a field, empty it once sent. */
interface DialogFormApi<F extends string> {
  setFieldMeta(field: F, updater: (meta: AnyFieldLikeMetaBase) => AnyFieldLikeMetaBase): void
  reset(): void
}

const withError =
  (message: string) =>
  (meta: AnyFieldLikeMetaBase): AnyFieldLikeMetaBase => ({ ...meta, errorMap: { onSubmit: message } })

/** What a dialog's form lets the hook do with its fields. */
interface DialogFields<F extends string> {
  /** The form's fields, in its order. */
  order: readonly F[]
  isField: (key: unknown) => key is F
  /** The `name` of a field's input on the page. */
  inputName: (field: F) => string
}

/**
 * An order action's dialog with a form (ship, replace an invoice): one rule for what a refusal does.
 * A refusal the admin can fix stays in the dialog, beside its field (the keyboard goes there) or
 * above the fields when it names none (a bad request); any other (the order changed meanwhile)
 * closes it with the server's reason as a toast. Once closed after sending, `onFinished` runs (it
 * refreshes the page and places the focus: the dialog's button may be gone then).
 */
export function useFormDialog<F extends string>(fields: DialogFields<F>, onFinished: () => void) {
  const { act } = useAdminAction()
  const formId = useId()
  const [open, setOpen] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const finished = useRef(false)
  const focusField = (field: F) =>
    document
      .getElementById(formId)
      ?.querySelector<HTMLElement>(`[name="${fields.inputName(field)}"]`)
      ?.focus()
  const close = () => {
    finished.current = true
    setOpen(false)
  }
  /** For `act`'s `onRefusal`: `setError` puts the server's message beside a field. */
  const refused = (setError: (field: F, message: string) => void) => (message: string, error: unknown) => {
    setRefusal(null)
    const said = serverFieldErrors(error, fields.isField)
    const named = fields.order.filter((field) => said[field] !== undefined)
    for (const field of named) setError(field, said[field] ?? message)
    if (named[0]) focusField(named[0])
    else if (httpStatusOf(error) === 400) setRefusal(message)
    else {
      toast.error(message)
      close()
    }
  }
  return {
    formId,
    /** The refusal that names no field, above the fields. */
    refusal: refusal ? (
      <p className={styles.dialogError} role="alert">
        {refusal}
      </p>
    ) : null,
    close,
    focusField,
    /** For the form's `onSubmitInvalid`: the first field to fix, in the form's order. */
    focusFirst(first: { field: F } | null) {
      if (first) focusField(first.field)
    },
    /**
     * Sends the form (its values checked already): the success toast, then the dialog closes and its
     * form empties; a refusal as the hook's rule says. The page refreshes through `onFinished`.
     */
    async send<T>(form: DialogFormApi<F>, call: () => Promise<T>, success: (result: T) => string) {
      const outcome = await act(call, {
        success,
        refresh: false,
        onRefusal: refused((field, message) => form.setFieldMeta(field, withError(message))),
      })
      if (!outcome.ok) return
      form.reset()
      close()
    },
    refused,
    /** Dialog.Root's props: it stays open while sending; opened again, the old refusal is gone. */
    root: (submitting: boolean) => ({
      open,
      onOpenChange(next: boolean) {
        if (submitting) return
        if (next) setRefusal(null)
        setOpen(next)
      },
    }),
    /** DialogPanel's `onCloseAutoFocus`: after sending, `onFinished` places the focus instead of Radix. */
    onCloseAutoFocus(event: Event) {
      if (!finished.current) return
      finished.current = false
      event.preventDefault()
      onFinished()
    },
  }
}
