import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { serverFieldErrors } from '../../lib/form-errors.ts'
import { serverMessage } from '../../lib/server-message.ts'
import { useTRPC } from '../../lib/trpc.ts'
import type { WithdrawalErrors } from './WithdrawalForm.tsx'
import { isWithdrawalField, type WithdrawalStatement } from '../../../core/withdrawal-statement.ts'

/** What sending a statement came to: received, fields the server refused, or another failure (its message). */
export type WithdrawalOutcome = { received: true } | { received: false; fields: WithdrawalErrors } | { received: false; failure: string }

/**
 * Sends the signed-in buyer's withdrawal from one of their orders (`orders.withdraw` by id), as the
 * dialog and the statement in the page both do: the fields refused go back beside them.
 */
export function useWithdrawal(orderId: string) {
  const { t } = useLingui()
  const trpc = useTRPC()
  const withdraw = useMutation(trpc.orders.withdraw.mutationOptions())
  const send = async (statement: WithdrawalStatement): Promise<WithdrawalOutcome> => {
    try {
      await withdraw.mutateAsync({ id: orderId, ...statement })
      return { received: true }
    } catch (error) {
      const fields = serverFieldErrors(error, isWithdrawalField)
      if (Object.keys(fields).length > 0) return { received: false, fields }
      return { received: false, failure: serverMessage(error, t`Something went wrong`) }
    }
  }
  return { send, working: withdraw.isPending }
}
