import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { profiles, user, userRoles } from '../db/schema/index.ts'
import { createTestDatabase } from '../../tests/helpers/db.ts'
import { sharedTestDatabase } from '../../tests/helpers/shared-fixture.ts'
import { insertUser } from '../../tests/helpers/users.ts'
import { resolveRole } from './roles.ts'

const database = sharedTestDatabase()

describe('resolveRole (docs/product.md#roles)', () => {
  it('gives customer to a signed-in user without roles or approval', async () => {
    const u = await insertUser(database.db, 'customer')
    expect(await resolveRole(database.db, u.id)).toBe('customer')
  })

  it('gives b2b to an approved profile', async () => {
    const u = await insertUser(database.db, 'b2b')
    expect(await resolveRole(database.db, u.id)).toBe('b2b')
  })

  it('gives admin from a user_roles admin row, even without approval', async () => {
    const u = await insertUser(database.db, 'admin')
    expect(await resolveRole(database.db, u.id)).toBe('admin')
  })

  it('finds the admin row among newer b2b rows', async () => {
    const u = await insertUser(database.db, 'customer')
    await database.db.insert(userRoles).values([
      { userId: u.id, role: 'admin', createdAt: new Date('2026-01-01') },
      { userId: u.id, role: 'b2b', createdAt: new Date('2026-06-01') },
    ])
    expect(await resolveRole(database.db, u.id)).toBe('admin')
  })

  it('gives admin precedence over an approved profile', async () => {
    const u = await insertUser(database.db, 'b2b')
    await database.db.insert(userRoles).values({ userId: u.id, role: 'admin' })
    expect(await resolveRole(database.db, u.id)).toBe('admin')
  })

  it('gives customer when the user has no profile at all', async () => {
    const id = randomUUID()
    await database.db.insert(user).values({ id, name: 'No profile', email: `${id}@example.com` })
    expect(await resolveRole(database.db, id)).toBe('customer')
    expect(await database.db.select().from(profiles).where(eq(profiles.userId, id))).toHaveLength(0)
  })

  it('gives customer, and logs, when the lookup fails', async () => {
    // A real database that has gone away: every query fails.
    const gone = await createTestDatabase()
    const u = await insertUser(gone.db, 'admin')
    await gone.close()
    const warn = vi.fn()
    expect(await resolveRole(gone.db, u.id, { warn })).toBe('customer')
    expect(warn).toHaveBeenCalledOnce()
  })
})
