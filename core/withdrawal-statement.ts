import { z } from 'zod'
import { messages } from './messages.ts'
import { personName, plainText } from './text.ts'

// The buyer's withdrawal statement (docs/product.md#withdrawal), apart from the rule of when one may
// withdraw (withdrawal.ts), so the pages that only show the rule do not download the schemas.

/** The longest comment a withdrawal keeps (characters). */
export const withdrawalCommentMax = 2000

/**
 * The buyer's statement, the same on the page, the procedure and the form post: their name and
 * email (prefilled from the order) and, if they wish, a comment; no reason is asked for.
 */
export const withdrawalStatementSchema = z.object({
  name: personName,
  email: z.string().trim().max(255, messages.invalidEmail.id).pipe(z.email(messages.invalidEmail.id)),
  comment: plainText({ multiline: true }).max(withdrawalCommentMax, messages.withdrawalCommentTooLong.id).default(''),
})
export type WithdrawalStatementInput = z.input<typeof withdrawalStatementSchema>
export type WithdrawalStatement = z.output<typeof withdrawalStatementSchema>
export type WithdrawalField = keyof WithdrawalStatement
export const withdrawalFields: readonly WithdrawalField[] = ['name', 'email', 'comment']
/** Whether a key (a refused field's name, from the server or a post) is one of the statement's fields. */
export const isWithdrawalField = (key: unknown): key is WithdrawalField => withdrawalFields.some((field) => field === key)
