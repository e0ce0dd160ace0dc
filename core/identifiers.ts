import { z } from 'zod'

/** A category or product slug, as URLs and the API accept it. */
export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/)

/** A payment provider's session id as the shop accepts it in URLs and calls (Stripe `cs_…`, test `test_cs_…`). */
export const paymentSessionId = z.string().min(1).max(200)

/** An order's id (a UUID), in URLs and calls. */
export const orderIdSchema = z.uuid()
