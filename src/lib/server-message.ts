import { httpStatusOf } from './trpc.ts'

/**
 * What a failed call tells the person: a 4xx answer's own message (the server writes those in the
 * caller's language, and they say what to do: already done, changed meanwhile, not allowed), and
 * `fallback` for anything else (a failure of ours, a dropped connection, a 4xx without a message),
 * whose details are not theirs. The one rule of every screen that changes something: the admin's
 * actions (use-admin-action), the forms, the cart and the buyer's orders. Apart from trpc.ts, which
 * every page's first download holds, so only those screens download it.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const status = httpStatusOf(error)
  return status !== undefined && status >= 400 && status < 500 && error instanceof Error && error.message ? error.message : fallback
}
