import { z } from 'zod'

/** A payment provider's session id as the shop accepts it in URLs and calls (Stripe `cs_…`, test `test_cs_…`). */
export const paymentSessionId = z.string().min(1).max(200)
