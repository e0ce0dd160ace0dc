import { describe, expect, it } from 'vitest'
import { sharedTestDatabase } from '../../tests/helpers/shared-fixture.ts'
import { callerAs } from '../../tests/helpers/users.ts'

const database = sharedTestDatabase()

describe('account.me', () => {
  it('is null for a visitor', async () => {
    expect(await (await callerAs(database.db, 'anonymous')).account.me()).toBeNull()
  })

  it.each(['customer', 'b2b', 'admin'] as const)('gives a %s their user and role', async (kind) => {
    const me = await (await callerAs(database.db, kind)).account.me()
    expect(me).toMatchObject({ role: kind, user: { name: `Test ${kind}` } })
    expect(me?.user.email).toMatch(new RegExp(`^${kind}-.+@example\\.com$`))
    expect(Object.keys(me?.user ?? {}).sort()).toEqual(['email', 'emailVerified', 'id', 'name', 'twoFactorEnabled'])
  })
})
