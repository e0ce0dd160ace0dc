import { TRPCError } from '@trpc/server'

/** The tRPC error code a call fails with; throws if the call succeeds or fails otherwise. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof TRPCError) return error.code
    throw error
  }
  throw new Error('expected the call to fail')
}
