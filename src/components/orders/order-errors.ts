import { httpStatusOf } from '../../lib/trpc.ts'

/** What to tell the buyer when an order action fails: the server's own words for a 4xx, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  const status = httpStatusOf(error)
  return status !== undefined && status < 500 && error instanceof Error ? error.message : fallback
}
