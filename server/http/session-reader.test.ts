import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs } from '../../tests/helpers/accounts.ts'
import type { HttpShopper } from '../../tests/helpers/http-shopper.ts'
import { session } from '../db/schema/index.ts'

// docs/decisions/032: a signed-in request's session is read in one query (server/http/session-reader.ts);
// better-auth's own getSession keeps what it writes (a session's hourly slide, an expired session's
// deletion). What a person notices: the same account, role and limits as before, and a session
// ended anywhere is ended at the next request.

const t = sharedTestApp()

const me = async (shopper: HttpShopper) => (await shopper.query<{ user: { email: string }; role: string } | null>('account.me')).data ?? null
const sessionCookie = (shopper: HttpShopper) => [...shopper.jar.keys()].find((name) => name.includes('session_token'))!
const rowsOf = (userId: string) => t.database.db.select().from(session).where(eq(session.userId, userId))

describe('the session behind a signed-in request', () => {
  it('is the account and role of its row, admin and wholesale alike', async () => {
    for (const kind of ['customer', 'b2b', 'admin'] as const) {
      const { shopper, user } = await shopperAs(t, kind)
      expect(await me(shopper)).toMatchObject({ user: { email: user!.email }, role: kind })
    }
  })

  it('refuses a cookie whose signature is not this shop’s, or whose token names no session', async () => {
    const { shopper } = await shopperAs(t, 'customer')
    const name = sessionCookie(shopper)
    const value = decodeURIComponent(shopper.jar.get(name)!)
    const [token, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)]
    shopper.jar.set(name, encodeURIComponent(`${token}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`))
    expect(await me(shopper)).toBeNull()
    // Unpadded, the same signature is not the one the shop wrote.
    shopper.jar.set(name, encodeURIComponent(`${token}.${signature.replace(/=$/, '')}`))
    expect(await me(shopper)).toBeNull()
    shopper.jar.set(name, encodeURIComponent(value))
    expect(await me(shopper)).not.toBeNull()
  })

  it('ends at the next request once its row is gone (revoked, signed out elsewhere)', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    expect(await me(shopper)).not.toBeNull()
    await t.database.db.delete(session).where(eq(session.userId, user!.id))
    expect(await me(shopper)).toBeNull()
  })

  it('slides forward once due (better-auth’s hourly refresh), and an expired one is deleted', async () => {
    const { shopper, user } = await shopperAs(t, 'customer')
    const [row] = await rowsOf(user!.id)
    // As if last refreshed two hours ago: due.
    const earlier = new Date(row!.expiresAt.getTime() - 2 * 3_600_000)
    await t.database.db.update(session).set({ expiresAt: earlier }).where(eq(session.id, row!.id))
    expect(await me(shopper)).not.toBeNull()
    const [slid] = await rowsOf(user!.id)
    expect(slid!.expiresAt.getTime()).toBeGreaterThan(earlier.getTime() + 3_600_000)

    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, row!.id))
    expect(await me(shopper)).toBeNull()
    expect(await rowsOf(user!.id)).toEqual([])
  })
})
