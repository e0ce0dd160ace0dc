import { notFound } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'

/** Turns the API's NOT_FOUND (or a malformed slug) into the router's 404 for that route. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const code: unknown = (error.data as { code?: unknown } | undefined)?.code
      if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') throw notFound()
    }
    throw error
  }
}

/**
 * Whether the page being rendered is a 404: an unknown path (the root's not-found) or a route's own
 * (an unknown product or category). Heads read it from the router's matches.
 */
export function isNotFoundPage(matches: readonly { status: string; _notFound?: boolean }[]): boolean {
  return matches.some((match) => match.status === 'notFound' || match._notFound === true)
}
