import { isTRPCClientError } from '@trpc/client'
import { httpStatusOf, type AppRouter } from './trpc.ts'

/**
 * What a failed call tells the person: a 4xx answer's own message (the server writes those in the
 * caller's language, and they say what to do: already done, changed meanwhile, not allowed), and
 * `fallback` for anything else (a failure of ours, a dropped connection, a 4xx without a message),
 * whose details are not theirs. A failure of ours adds the server's next step: try again, or reach
 * the shop with the reference of the request (docs/product.md#errors). The one rule of every screen
 * that changes something: the admin's actions (use-admin-action), the forms, the cart and the
 * buyer's orders. Apart from trpc.ts, which every page's first download holds, so only those
 * screens download it.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const status = httpStatusOf(error)
  if (status !== undefined && status >= 400 && status < 500 && error instanceof Error && error.message) return error.message
  const next = status !== undefined && status >= 500 ? nextStepOf(error) : undefined
  return next ? `${asSentence(fallback)} ${next}` : fallback
}

/** The server's next step after a failure of ours (server/trpc.ts), when it sent one. */
function nextStepOf(error: unknown): string | undefined {
  return (isTRPCClientError<AppRouter>(error) && error.data?.nextStep) || undefined
}

/** "Error processing order" → "Error processing order." (a fallback may already end in a stop). */
const asSentence = (text: string) => (/[.!?…:]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`)
