import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appRouter } from '../router.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { shopperAs, type SignedInShopper } from '../../tests/helpers/accounts.ts'
import type { Kind } from '../../tests/helpers/users.ts'

// docs/product.md#roles: every procedure enforces its own role on the server. This matrix is
// checked against the router's own list, so a new procedure without an entry fails here.
type Who = 'anyone' | 'signedIn' | 'admin'
const access: Record<string, Who> = {
  'account.me': 'anyone',
  'account.profile': 'signedIn',
  'account.update': 'signedIn',
  'account.sessions': 'signedIn',
  'account.export': 'signedIn',
  'catalog.categories': 'anyone',
  'catalog.category': 'anyone',
  'catalog.products': 'anyone',
  'catalog.product': 'anyone',
  'cart.get': 'anyone',
  'cart.add': 'anyone',
  'cart.setQuantity': 'anyone',
  'cart.remove': 'anyone',
  'cart.clear': 'anyone',
  'checkout.prefill': 'anyone',
  'checkout.create': 'anyone',
  'checkout.confirm': 'anyone',
  'orders.list': 'signedIn',
  'orders.get': 'signedIn',
  'orders.pay': 'signedIn',
  'orders.cancel': 'signedIn',
  'b2b.status': 'anyone',
  'b2b.request': 'signedIn',
  'forms.contact': 'anyone',
  'forms.requestCatalog': 'anyone',
  'admin.pendingRequests': 'admin',
  'admin.approvedUsers': 'admin',
  'admin.approve': 'admin',
  'admin.reject': 'admin',
  'admin.revoke': 'admin',
  'admin.messages': 'admin',
  'admin.markAnswered': 'admin',
  'admin.orders.list': 'admin',
  'admin.orders.get': 'admin',
  'testPayments.session': 'anyone',
  'testPayments.pay': 'anyone',
}

const kinds: Kind[] = ['anonymous', 'customer', 'b2b', 'admin']
// `_def.procedures` is flat at run time (`'admin.orders.list' → procedure`); its type is nested.
const isProcedure = (value: unknown): value is { _def: { type: 'query' | 'mutation' | 'subscription' } } =>
  typeof value === 'function' && '_def' in value
const procedures = Object.entries(appRouter._def.procedures).flatMap(([path, procedure]: [string, unknown]) =>
  isProcedure(procedure) ? [{ path, type: procedure._def.type }] : [],
)

/** The status a kind of caller must get, or null where the call passes the role check. */
function refusal(who: Who, kind: Kind): 401 | 403 | null {
  if (who === 'anyone') return null
  if (kind === 'anonymous') return 401
  if (who === 'admin' && kind !== 'admin') return 403
  return null
}

let t: TestApp
const callers = new Map<Kind, SignedInShopper>()
beforeAll(async () => {
  t = await createTestApp()
  for (const kind of kinds) callers.set(kind, await shopperAs(t, kind))
})
afterAll(async () => {
  await t.app.close()
})

describe('the authorization matrix', () => {
  it('has one entry for every procedure of the router, and none for a procedure that is gone', () => {
    expect(procedures.map((p) => p.path).sort()).toEqual(Object.keys(access).sort())
  })

  describe.each(procedures)('$path', ({ path, type }) => {
    it.each(kinds)('as %s', async (kind) => {
      const { shopper } = callers.get(kind)!
      // No input: the role check runs before the input is parsed, so a refused caller learns nothing.
      const answer = type === 'query' ? await shopper.query(path) : await shopper.mutation(path)
      const expected = refusal(access[path]!, kind)
      if (expected === null) {
        expect([401, 403], `${kind} must pass the role check of ${path}`).not.toContain(answer.status)
      } else {
        expect(answer.status).toBe(expected)
        expect(answer.error?.data.code).toBe(expected === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN')
        expect(answer.error?.message).toBe(expected === 401 ? 'Debe iniciar sesión' : 'No permitido para su cuenta')
      }
    })
  })
})
