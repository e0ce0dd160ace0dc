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

/**
 * An account's id as better-auth makes them (letters, digits, `-`, `_`): anything else cannot name
 * an account, and PostgreSQL would refuse a NUL in text outright. `unknown` is what the caller hears.
 */
export const accountIdSchema = (unknown: string) =>
  z
    .string()
    .min(1, unknown)
    .max(100, unknown)
    .regex(/^[A-Za-z0-9_-]+$/, unknown)
