import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { insertUser } from '../../tests/helpers/users.ts'
import { grantAdminToEmails } from './admins.ts'
import { resolveRole } from './roles.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('grantAdminToEmails (npm run admin -- grant, ADMIN_EMAILS)', () => {
  it('makes existing accounts admins, case-insensitively, once, and reports unknown emails', async () => {
    const customer = await insertUser(database.db, 'customer', `Owner-${Date.now()}@Example.com`)
    const result = await grantAdminToEmails(database.db, [` ${customer.email.toLowerCase()} `, 'nobody@example.com', ''])
    expect(result).toEqual({ granted: [customer.email], missing: ['nobody@example.com'] })
    expect(await resolveRole(database.db, customer.id)).toBe('admin')
    expect(await grantAdminToEmails(database.db, [customer.email])).toEqual({ granted: [], missing: [] })
  })
})
