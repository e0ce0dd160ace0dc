import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { toast } from '../../../lib/toast.ts'
import { httpStatusOf, useTRPC } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { DialogFormActions, DialogPanel } from '../../ui/DialogPanel.tsx'
import { Form } from '../../ui/Form.tsx'
import * as fields from '../../ui/form.css.ts'
import { SubmitButton } from '../../ui/SubmitButton.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import { AeatAnswerText } from './AeatAnswerText.tsx'
import type { RecordRow } from './RecordsTable.tsx'
import * as styles from './VerifactuRecords.css.ts'

/**
 * Whether the AEAT's answer speaks of its census ("El NIF no está identificado en el censo de la
 * AEAT", the usual rejection of a buyer's NIF that is right but that the AEAT's census does not
 * hold): then the box "send it as not registered" starts ticked, since that is the likely fix. A
 * guess from the text, not a rule: the AEAT writes the text (its codes for it vary), and it could
 * be about another NIF than the buyer's. The owner sees the answer just above the box and has the
 * last word; the box is only there when the invoice names its buyer by a Spanish NIF.
 */
const mentionsCensus = (text: string | null) => text !== null && /\bcenso/i.test(text)

/**
 * "Correct…": a subsanación of a registro de alta the AEAT rejected or accepted with errors, or
 * the anulación again after it rejected one (`admin.verifactu.correct`, docs/decisions/028), asked
 * first in a dialog that says what it is (a new record of the same invoice, sent with the next
 * records; the record itself stays) and what to do first. When the invoice names its buyer by a
 * Spanish NIF, the owner may send it as not in the AEAT's census (IDOtro 07). A refusal the owner can act on in the dialog (no Spanish NIF after
 * all) stays in it; any other (the record was corrected meanwhile) closes it with the server's
 * reason. Once closed after sending, `onFinished` refreshes the records and places the focus (this
 * button is gone then).
 */
export function CorrectRecordDialog({
  record,
  onFinished,
}: {
  record: Pick<RecordRow, 'id' | 'kind' | 'invoiceNumber' | 'orderId' | 'code' | 'description' | 'buyerSpanishNif'>
  onFinished: () => void
}) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const { act } = useAdminAction()
  const correct = useMutation(trpc.admin.verifactu.correct.mutationOptions())
  const [open, setOpen] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const finished = useRef(false)
  const boxId = useId()
  const number = record.invoiceNumber
  const suggested = record.buyerSpanishNif && mentionsCensus(record.description)
  const [unregisteredBuyer, setUnregisteredBuyer] = useState(suggested)
  const sending = correct.isPending
  const name = t`Correct the record of invoice ${number}`

  const close = () => {
    finished.current = true
    setOpen(false)
  }
  // The orders' dialogs' rule (orders/use-form-dialog.tsx), for a form without fields: a refusal the
  // owner can act on here (BAD_REQUEST: no Spanish NIF after all) stays in the dialog; any other (the
  // record was corrected meanwhile) closes it with the server's reason. Not that hook itself: shared
  // by two lazily loaded pages, it would become a chunk of its own, named in every first download.
  const send = async () => {
    if (sending) return
    setRefusal(null)
    const outcome = await act(() => correct.mutateAsync({ id: record.id, unregisteredBuyer: record.buyerSpanishNif && unregisteredBuyer }), {
      success: ({ invoiceNumber, kind }) =>
        kind === 'anulacion'
          ? t`New void of invoice ${invoiceNumber} made: it goes to Hacienda with the next records.`
          : t`Correction of invoice ${invoiceNumber} made: it goes to Hacienda with the next records.`,
      // The dialog closes first (and `onFinished` refreshes): this button may go with the refetch.
      refresh: false,
      onRefusal: (message, error) => {
        if (httpStatusOf(error) === 400) {
          setRefusal(message)
          return
        }
        toast.error(message)
        close()
      },
    })
    if (outcome.ok) close()
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // It stays open while sending; opened again, the box is as the record suggests and the old refusal is gone.
        if (sending) return
        if (next) {
          setUnregisteredBuyer(suggested)
          setRefusal(null)
        }
        setOpen(next)
      }}
    >
      {/* The name says which record; the text seen starts with it (label in name). */}
      <Dialog.Trigger className={button({ tone: 'outline', size: 'sm' })} aria-label={name} data-testid="verifactu-correct">
        <Trans>Correct…</Trans>
      </Dialog.Trigger>
      <DialogPanel
        title={name}
        onCloseAutoFocus={(event) => {
          // After sending, `onFinished` places the focus instead of Radix (this button may be gone).
          if (!finished.current) return
          finished.current = false
          event.preventDefault()
          onFinished()
        }}
      >
        <Dialog.Description asChild>
          <div className={`${dialog.description} ${styles.dialogText}`}>
            {record.kind === 'anulacion' ? (
              <>
                <p>
                  <Trans>
                    Hacienda rejected this void (anulación). A new void of the same invoice is sent with the next records, saying the previous one was
                    rejected; if Hacienda holds no record of the invoice (its record was rejected too), it says so as well. This record stays as it
                    was.
                  </Trans>
                </p>
                <p>
                  <Trans>
                    First fix the cause in Hacienda’s answer: the new void carries the billing system’s settings as they are now (VERIFACTU_*
                    variables). The invoice stays voided in{' '}
                    <Link to="/admin/orders/$id" params={{ id: record.orderId }} className={styles.dialogLink}>
                      its order’s page
                    </Link>
                    .
                  </Trans>
                </p>
              </>
            ) : (
              <>
                <p>
                  <Trans>
                    A correction (subsanación) is a new record of the same invoice, sent to Hacienda with the next records. This record stays as it
                    was.
                  </Trans>
                </p>
                <p>
                  <Trans>
                    First fix the cause: the correction repeats the invoice as it was issued, with the billing system’s settings as they are now
                    (VERIFACTU_* variables). If the invoice itself is wrong, a correction cannot change it: issue a corrective invoice (or void it)
                    from{' '}
                    <Link to="/admin/orders/$id" params={{ id: record.orderId }} className={styles.dialogLink}>
                      its order’s page
                    </Link>{' '}
                    instead.
                  </Trans>
                </p>
              </>
            )}
          </div>
        </Dialog.Description>
        {record.code !== null || record.description !== null ? (
          <div className={styles.dialogAnswer} data-testid="verifactu-correct-answer">
            <p className={styles.dialogAnswerLabel}>{t`Hacienda’s answer`}</p>
            <p>
              <AeatAnswerText record={record} />
            </p>
          </div>
        ) : null}
        {refusal ? (
          <p className={fields.formError} role="alert">
            {refusal}
          </p>
        ) : null}
        <Form onSubmit={send}>
          {record.buyerSpanishNif ? (
            <div className={fields.checkbox}>
              <input
                type="checkbox"
                id={boxId}
                name="unregisteredBuyer"
                checked={unregisteredBuyer}
                onChange={(event) => setUnregisteredBuyer(event.target.checked)}
                aria-describedby={`${boxId}-hint`}
              />
              <label htmlFor={boxId} className={fields.checkboxLabel}>
                <Trans>The buyer’s NIF is right but Hacienda’s census does not hold it: send it as not registered</Trans>
              </label>
              <p id={`${boxId}-hint`} className={fields.checkboxHint}>
                <Trans>Check the NIF with the buyer first: a correction cannot put a wrong NIF right.</Trans>
              </p>
            </div>
          ) : null}
          <DialogFormActions>
            <SubmitButton tone="accent" working={sending} workingLabel={<Trans>Sending...</Trans>}>
              {record.kind === 'anulacion' ? <Trans>Send the void again</Trans> : <Trans>Send the correction</Trans>}
            </SubmitButton>
          </DialogFormActions>
        </Form>
      </DialogPanel>
    </Dialog.Root>
  )
}
