import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { user } from '../db/schema/index.ts'
import { sharedTestDatabase } from '../../tests/helpers/shared-fixture.ts'
import { insertUser } from '../../tests/helpers/users.ts'
import { grantAdminToEmails } from './admins.ts'
import { resolveRole } from './roles.ts'

const database = sharedTestDatabase()

describe('grantAdminToEmails (npm run admin -- grant, ADMIN_EMAILS)', () => {
  it('makes existing accounts admins, case-insensitively, once, and reports unknown emails', async () => {
    const customer = await insertUser(database.db, 'customer', `Owner-${Date.now()}@Example.com`)
    const result = await grantAdminToEmails(database.db, [` ${customer.email.toLowerCase()} `, 'nobody@example.com', ''])
    expect(result).toEqual({ granted: [customer.email], missing: ['nobody@example.com'], unverified: [] })
    expect(await resolveRole(database.db, customer.id)).toBe('admin')
    expect(await grantAdminToEmails(database.db, [customer.email])).toEqual({ granted: [], missing: [], unverified: [] })
  })

  it('with verifiedOnly (ADMIN_EMAILS), skips an account whose address is not verified', async () => {
    const squatter = await insertUser(database.db, 'customer')
    await database.db.update(user).set({ emailVerified: false }).where(eq(user.id, squatter.id))
    const result = await grantAdminToEmails(database.db, [squatter.email], { verifiedOnly: true })
    expect(result).toEqual({ granted: [], missing: [], unverified: [squatter.email] })
    expect(await resolveRole(database.db, squatter.id)).toBe('customer')
  })
})
