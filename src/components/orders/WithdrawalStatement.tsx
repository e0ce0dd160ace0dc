import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { WithdrawalForm, type WithdrawalErrors } from './WithdrawalForm.tsx'
import { serverFieldErrors } from '../../lib/form-errors.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { toast } from '../../lib/toast.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { messages } from '../../../core/messages.ts'
import { isWithdrawalField, type WithdrawalField } from '../../../core/withdrawal-statement.ts'

/** The messages a field refused without JavaScript shows (the same rules as the form's). */
const fieldMessages: Record<WithdrawalField, MessageDescriptor> = {
  name: messages.required,
  email: messages.invalidEmail,
  comment: messages.withdrawalCommentTooLong,
}

/**
 * The statement of `/withdraw/<token>` and its sending (docs/product.md#withdrawal): the page
 * hydrates it later (src/lib/hydrate-later.tsx), so its rules and the form's code stay out of the
 * page's first download; without JavaScript the form posts to the page itself. `invalid` names the
 * fields a statement posted without JavaScript was refused for.
 */
export function WithdrawalStatement({ token, defaults, invalid }: { token: string; defaults: { name: string; email: string }; invalid: string }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const withdraw = useMutation(trpc.orders.withdraw.mutationOptions())
  const posted: WithdrawalErrors = {}
  for (const field of invalid.split(',').filter(isWithdrawalField)) posted[field] = i18n._(fieldMessages[field])
  return (
    <WithdrawalForm
      defaults={defaults}
      errors={posted}
      working={withdraw.isPending}
      onSubmit={async (statement) => {
        try {
          await withdraw.mutateAsync({ token, ...statement })
        } catch (error) {
          const fields = serverFieldErrors(error, isWithdrawalField)
          if (Object.keys(fields).length > 0) return fields
          toast.error(serverMessage(error, t`Something went wrong`))
        }
        await queryClient.invalidateQueries({ queryKey: trpc.orders.withdrawal.queryKey({ token }) })
        return undefined
      }}
    />
  )
}
