import * as Dialog from '@radix-ui/react-dialog'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { AlertDialogPanel } from '../../ui/DialogPanel.tsx'
import * as admin from '../admin.css.ts'
import { AdminCard } from '../AdminSection.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import { recordsHeadingId } from './VerifactuRecords.tsx'
import * as styles from './VerifactuRecords.css.ts'

type Halt = NonNullable<RouterOutputs['admin']['verifactu']['status']['halt']>

/**
 * At the top of /admin/verifactu while invoicing is stopped until the owner reconciles
 * (docs/decisions/030): what to check first, by why it stopped (a restored backup, a record the AEAT
 * holds that this shop never sent it), then "Resume invoicing", asked first. The notice above every
 * admin page says since when and why. Nothing while it runs, or while the status loads.
 */
export function InvoicingHalt() {
  const trpc = useTRPC()
  const halt = useQuery(trpc.admin.verifactu.status.queryOptions()).data?.halt
  if (!halt) return null
  return (
    <AdminCard headingId="invoicing-halt-heading" title={<Trans>Invoicing stopped</Trans>} testId="invoicing-halt">
      <p className={admin.caution} data-testid="invoicing-halt-checks">
        <HaltChecks halt={halt} />
      </p>
      <div>
        <ResumeDialog />
      </div>
    </AdminCard>
  )
}

function HaltChecks({ halt }: { halt: Halt }) {
  const invoice = halt.detail
  if (halt.reason === 'restore') {
    return (
      <Trans>
        Before resuming, check on the AEAT’s website (sede electrónica, the billing records’ query) and in the emails sent that the last invoice
        issued is the last one this page shows. If invoices were issued after the backup, do not resume: their numbers would be repeated and the chain
        of records would fork; restore a more recent backup or contact support.
      </Trans>
    )
  }
  return invoice !== null ? (
    <Trans>
      Hacienda holds another record of invoice {invoice}: this shop issued it again with a number that already existed (after restoring a backup, for
      example). Check on the AEAT’s website (sede electrónica) which invoice has that number and, before resuming, make sure no more repeated numbers
      will be issued.
    </Trans>
  ) : (
    <Trans>
      Hacienda holds another record of an invoice: this shop issued it again with a number that already existed (after restoring a backup, for
      example). Check on the AEAT’s website (sede electrónica) which invoice has that number and, before resuming, make sure no more repeated numbers
      will be issued.
    </Trans>
  )
}

/**
 * "Resume invoicing", asked first in an alert dialog (focus starts on Cancel): the orders paid or
 * refunded meanwhile get their invoices now. The dialog says it is working until the server answers,
 * then closes; this section goes with the refetched status, so the keyboard lands on the records'
 * heading, above the new invoices' records.
 */
function ResumeDialog() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const resume = useMutation(trpc.admin.verifactu.resume.mutationOptions())
  const { act, refresh } = useAdminAction()
  const [open, setOpen] = useState(false)
  const finished = useRef(false)
  const working = resume.isPending

  const confirm = async () => {
    if (working) return
    // The dialog closes first (and the refresh follows): this section may go with the refetch.
    await act(() => resume.mutateAsync(), {
      success: ({ invoiced }) => t`Invoicing resumed: ${plural(invoiced, { one: '# order invoiced', other: '# orders invoiced' })}`,
      refresh: false,
    })
    finished.current = true
    setOpen(false)
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (working ? undefined : setOpen(next))}>
      <Dialog.Trigger className={button()}>
        <Trans>Resume invoicing</Trans>
      </Dialog.Trigger>
      <AlertDialogPanel
        busy={working}
        onCloseAutoFocus={(event) => {
          if (!finished.current) return
          finished.current = false
          event.preventDefault()
          document.getElementById(recordsHeadingId)?.focus()
          void refresh()
        }}
      >
        <Dialog.Title className={dialog.title}>
          <Trans>Resume invoicing?</Trans>
        </Dialog.Title>
        <Dialog.Description asChild>
          <div className={`${dialog.description} ${styles.dialogText}`}>
            <p>
              <Trans>
                The orders paid or refunded meanwhile will get their invoices now, in the order they were paid. Do it only after checking the above.
              </Trans>
            </p>
          </div>
        </Dialog.Description>
        <div className={dialog.actions}>
          {/* aria-disabled, not disabled, while working: a disabled button would drop the keyboard's focus. */}
          <Dialog.Close className={button({ tone: 'outline' })} aria-disabled={working}>
            <Trans>Cancel</Trans>
          </Dialog.Close>
          <button type="button" className={button({ tone: 'primary' })} aria-disabled={working} onClick={() => void confirm()}>
            {working ? <Trans>Resuming...</Trans> : <Trans>Resume invoicing</Trans>}
          </button>
        </div>
      </AlertDialogPanel>
    </Dialog.Root>
  )
}
