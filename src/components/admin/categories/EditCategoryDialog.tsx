import * as Dialog from '@radix-ui/react-dialog'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { toast } from '../../../lib/toast.ts'
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts'
import { button } from '../../ui/button.css.ts'
import * as dialog from '../../ui/dialog.css.ts'
import { DialogPanel } from '../../ui/DialogPanel.tsx'
import { PictureField } from '../pictures/PictureField.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import { CategoryForm } from './CategoryForm.tsx'

export type AdminCategory = RouterOutputs['admin']['categories']['list'][number]

/** Edit: the category's picture, names and descriptions in a dialog; its address stays as it was. */
export function EditCategoryDialog({ category, name }: { category: AdminCategory; name: string }) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const update = useMutation(trpc.admin.categories.update.mutationOptions())
  const { refresh } = useAdminAction()
  const [open, setOpen] = useState(false)
  const { nameEs, nameEn, descriptionEs, descriptionEn } = category
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={button({ tone: 'outline', size: 'sm' })} aria-label={t`Edit ${name}`}>
        <Trans>Edit</Trans>
      </Dialog.Trigger>
      <DialogPanel title={<Trans>Edit {name}</Trans>}>
        <Dialog.Description className={dialog.description}>
          <Trans>Its web address stays the same, so links to the category keep working.</Trans>
        </Dialog.Description>
        <PictureField ownerId={category.id} name={name} imageId={category.imageId} builtInName={category.slug} onUploaded={() => void refresh()} />
        <CategoryForm
          initial={{ nameEs, nameEn, descriptionEs, descriptionEn }}
          save={async (values) => {
            await update.mutateAsync({ id: category.id, values })
            setOpen(false)
            toast.success(t`Category saved`)
          }}
          submitLabel={<Trans>Save changes</Trans>}
          workingLabel={<Trans>Saving...</Trans>}
          extraActions={
            <Dialog.Close type="button" className={button({ tone: 'outline' })}>
              <Trans>Cancel</Trans>
            </Dialog.Close>
          }
        />
      </DialogPanel>
    </Dialog.Root>
  )
}
