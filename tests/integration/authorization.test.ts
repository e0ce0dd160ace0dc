import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { appRouter } from '../../server/router.ts'
import {
  categories,
  invoices,
  orderEvents,
  orders,
  productPhotos,
  products,
  testPaymentSessions,
  verifactuRecords,
  withdrawals,
} from '../../server/db/schema/index.ts'
import { translate } from '../../server/i18n.ts'
import { invoiceSettings, issueInvoice } from '../../server/services/invoices.ts'
import type { TestApp } from '../helpers/app.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { catalogRows } from '../helpers/catalog-admin.ts'
import { insertOrderLine, insertOrderRow, issuedInvoice } from '../helpers/orders.ts'
import { shopperAs, type SignedInShopper } from '../helpers/accounts.ts'
import type { Kind } from '../helpers/users.ts'
import { emptyProduct, type CategoryInput, type ProductInput } from '../../core/catalog-admin.ts'
import { messages } from '../../core/messages.ts'
import { defaultDeliverySettings } from '../../core/delivery.ts'

// docs/product.md#roles: every procedure enforces its own role on the server. This matrix is
// checked against the router's own list, so a new procedure without an entry fails here.
type Who = 'anyone' | 'signedIn' | 'admin'
const access: Record<string, Who> = {
  'account.me': 'anyone',
  'account.profile': 'signedIn',
  'account.update': 'signedIn',
  'account.sessions': 'signedIn',
  'account.export': 'signedIn',
  'account.billing': 'signedIn',
  'account.updateBilling': 'signedIn',
  // One postal code's towns from Spain's public list (docs/product.md#delivery).
  'address.postcode': 'anyone',
  'catalog.categories': 'anyone',
  'catalog.category': 'anyone',
  'catalog.wholesaleFrom': 'anyone',
  'catalog.products': 'anyone',
  'catalog.product': 'anyone',
  // The shop's search (docs/product.md#search): what anyone may find in the shop.
  'catalog.search': 'anyone',
  'catalog.browse': 'anyone',
  'catalog.delivery': 'anyone',
  'cart.get': 'anyone',
  'cart.add': 'anyone',
  'cart.setQuantity': 'anyone',
  'cart.remove': 'anyone',
  'cart.setPostalCode': 'anyone',
  'cart.clear': 'anyone',
  'checkout.prefill': 'anyone',
  'checkout.billing': 'anyone',
  'checkout.create': 'anyone',
  'checkout.delivery': 'anyone',
  'checkout.confirm': 'anyone',
  'orders.list': 'signedIn',
  'orders.get': 'signedIn',
  'orders.pay': 'signedIn',
  'orders.cancel': 'signedIn',
  // The withdrawal (docs/product.md#withdrawal): by the order's signed link, anyone holding it; by
  // id, only the signed-in buyer of the order (below: everyone else is refused and nothing changes).
  'orders.withdrawal': 'anyone',
  'orders.withdraw': 'anyone',
  // A guest's read-only order by its signed link (docs/product.md#orders): the link is the key.
  'orders.byLink': 'anyone',
  'b2b.status': 'anyone',
  'b2b.request': 'signedIn',
  'forms.contact': 'anyone',
  'forms.requestCatalog': 'anyone',
  'admin.summary': 'admin',
  'admin.pendingRequests': 'admin',
  'admin.approvedUsers': 'admin',
  'admin.approve': 'admin',
  'admin.reject': 'admin',
  'admin.revoke': 'admin',
  'admin.setSurcharge': 'admin',
  'admin.messages': 'admin',
  'admin.markAnswered': 'admin',
  'admin.orders.list': 'admin',
  'admin.orders.get': 'admin',
  'admin.orders.ship': 'admin',
  'admin.orders.deliver': 'admin',
  'admin.orders.cancel': 'admin',
  'admin.orders.refund': 'admin',
  'admin.orders.retryRefund': 'admin',
  'admin.orders.price': 'admin',
  'admin.orders.create': 'admin',
  'admin.orders.paymentLink': 'admin',
  'admin.orders.sendPaymentLink': 'admin',
  'admin.orders.updateDetails': 'admin',
  'admin.orders.replaceInvoice': 'admin',
  'admin.orders.voidInvoice': 'admin',
  'admin.categories.list': 'admin',
  'admin.categories.create': 'admin',
  'admin.categories.update': 'admin',
  'admin.categories.move': 'admin',
  'admin.categories.remove': 'admin',
  'admin.products.list': 'admin',
  'admin.products.get': 'admin',
  'admin.products.create': 'admin',
  'admin.products.update': 'admin',
  'admin.products.archive': 'admin',
  'admin.products.restore': 'admin',
  'admin.products.publish': 'admin',
  'admin.products.unpublish': 'admin',
  'admin.products.preview': 'admin',
  'admin.products.setPhotoTexts': 'admin',
  'admin.products.reorderPhotos': 'admin',
  'admin.products.removePhoto': 'admin',
  'admin.backups.list': 'admin',
  'admin.backups.create': 'admin',
  'admin.verifactu.status': 'admin',
  'admin.verifactu.records': 'admin',
  'admin.verifactu.retry': 'admin',
  'admin.verifactu.correct': 'admin',
  'admin.verifactu.resume': 'admin',
  'admin.delivery.get': 'admin',
  'admin.delivery.update': 'admin',
  'testPayments.session': 'anyone',
  'testPayments.pay': 'anyone',
}

/** What the catalog procedures act on: made in `beforeAll`. */
interface Fixtures {
  /** A seeded category, for the products' forms. */
  categoryId: string
  /** An empty category of its own: moved, renamed and removed. */
  emptyCategoryId: string
  productId: string
  productUpdatedAt: string
  /** A complete draft (texts and a built-in picture): published, then taken back to drafts. */
  draftId: string
  draftPhotoId: string
  /** Orders each in the state its transition needs: paid, shipped, unpaid, paid at the test provider. */
  orders: {
    paid: string
    shipped: string
    unpaid: string
    linked: string
    refundable: string
    simplified: string
    issuedInError: { id: string; invoice: string }
  }
}

const productForm = (categoryId: string): ProductInput => ({
  ...emptyProduct,
  slug: 'matriz-nuevo',
  nameEs: 'Panel de la matriz',
  nameEn: 'Matrix panel',
  descriptionEs: 'Descripción.',
  descriptionEn: 'Description.',
  priceRetail: '20',
  priceWholesale: '15',
  featured: false,
  widthCm: '100',
  heightCm: '100',
  weightKg: '',
  categoryId,
})
const categoryForm: CategoryInput = { nameEs: 'Matriz nueva', nameEn: 'New matrix', descriptionEs: 'Descripción.', descriptionEn: 'Description.' }

/**
 * Valid input for the procedures that change the catalog, so a refusal is the role's and not the
 * input's; the admin, last of each row, must succeed with it. The others are called with none.
 */
const inputs: Record<string, (f: Fixtures) => unknown> = {
  'cart.setPostalCode': () => ({ postalCode: '03181' }),
  'catalog.search': () => ({ q: 'calacatta' }),
  'catalog.browse': () => ({ look: ['marble'], sort: 'price-asc' }),
  'address.postcode': () => ({ postalCode: '03181' }),
  'admin.categories.create': () => categoryForm,
  'admin.categories.update': (f) => ({ id: f.emptyCategoryId, values: { ...categoryForm, nameEs: 'Matriz renombrada', nameEn: 'Renamed matrix' } }),
  'admin.categories.move': (f) => ({ id: f.emptyCategoryId, direction: 'up' }),
  'admin.categories.remove': (f) => ({ id: f.emptyCategoryId }),
  'admin.products.list': (f) => ({ search: 'matriz', categoryId: f.categoryId, state: 'all', page: 1 }),
  'admin.products.get': (f) => ({ id: f.productId }),
  'admin.products.create': (f) => productForm(f.categoryId),
  'admin.products.update': (f) => ({
    id: f.productId,
    expectedUpdatedAt: f.productUpdatedAt,
    values: { ...productForm(f.categoryId), slug: 'matriz-cambiado' },
  }),
  'admin.products.archive': (f) => ({ id: f.productId }),
  'admin.products.restore': (f) => ({ id: f.productId }),
  'admin.products.publish': (f) => ({ id: f.draftId }),
  'admin.products.unpublish': (f) => ({ id: f.draftId }),
  'admin.products.preview': (f) => ({ id: f.draftId }),
  'admin.products.setPhotoTexts': (f) => ({ productId: f.draftId, photoId: f.draftPhotoId, altEs: 'Matriz blanca', altEn: 'White matrix' }),
  'admin.products.reorderPhotos': (f) => ({ productId: f.draftId, photoIds: [f.draftPhotoId] }),
  // Last: the draft's only photo (it is a draft again by then, so it may go).
  'admin.products.removePhoto': (f) => ({ productId: f.draftId, photoId: f.draftPhotoId }),
  'admin.orders.list': () => ({ page: 1, status: 'confirmed', paymentStatus: 'paid', from: '2020-01-01', to: '2099-12-31', search: 'matriz' }),
  'admin.orders.get': (f) => ({ id: f.orders.paid }),
  'admin.orders.ship': (f) => ({ id: f.orders.paid, carrier: 'SEUR', tracking: 'MATRIZ-1' }),
  'admin.orders.deliver': (f) => ({ id: f.orders.shipped }),
  'admin.orders.cancel': (f) => ({ id: f.orders.unpaid }),
  'admin.orders.refund': (f) => ({ id: f.orders.refundable, requestKey: randomUUID(), reason: 'Matriz', what: { kind: 'remainder' } }),
  'admin.orders.price': (f) => ({
    language: 'es',
    delivery: 'pickup',
    email: 'matriz@example.com',
    postalCode: null,
    lines: [{ productId: f.productId, quantity: 2, agreedPriceCents: null }],
  }),
  'admin.orders.create': (f) => ({
    requestKey: randomUUID(),
    language: 'es',
    delivery: 'pickup',
    shipping: { full_name: 'Matriz Telefónica', email: 'matriz@example.com', phone: '612 345 678' },
    lines: [{ productId: f.productId, quantity: 2, agreedPriceCents: 1500 }],
  }),
  'admin.orders.paymentLink': (f) => ({ id: f.orders.linked }),
  'admin.orders.sendPaymentLink': (f) => ({ id: f.orders.linked }),
  'admin.orders.replaceInvoice': (f) => ({ id: f.orders.simplified, billing: { name: 'Matriz SL', idKind: 'tax_id', taxId: 'B03999992' } }),
  'admin.orders.voidInvoice': (f) => ({ id: f.orders.issuedInError.id, number: f.orders.issuedInError.invoice }),
  'admin.verifactu.records': () => ({ state: 'pending', month: '2026-11', page: 1 }),
  'admin.delivery.update': () => ({ expectedUpdatedAt: null, settings: defaultDeliverySettings }),
  'account.updateBilling': () => ({ billing: { name: 'Matriz SL', idKind: 'tax_id', taxId: 'B03999992' } }),
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

/** Makes what the catalog procedures' inputs name: an empty category and a product. */
async function makeFixtures(app: TestApp): Promise<Fixtures> {
  const { db } = app.database
  const [seeded] = await db.select({ id: categories.id }).from(categories).limit(1)
  const [empty] = await db
    .insert(categories)
    .values({ slug: 'matriz', nameEs: 'Matriz', nameEn: 'Matrix', descriptionEs: 'Vacía.', descriptionEn: 'Empty.', displayOrder: 99 })
    .returning({ id: categories.id })
  const [product] = await db
    .insert(products)
    .values({
      status: 'published',
      slug: 'matriz-producto',
      categoryId: seeded!.id,
      nameEs: 'Producto de la matriz',
      nameEn: 'Matrix product',
      descriptionEs: 'Descripción.',
      descriptionEn: 'Description.',
      priceRetailCents: 2000,
      priceWholesaleCents: 1500,
      dimensionsWidthCm: 100,
      dimensionsHeightCm: 100,
    })
    .returning({ id: products.id, updatedAt: products.updatedAt })
  const [draft] = await db
    .insert(products)
    .values({
      status: 'draft',
      slug: 'matriz-borrador',
      categoryId: seeded!.id,
      nameEs: 'Borrador de la matriz',
      nameEn: 'Matrix draft',
      descriptionEs: 'Descripción.',
      descriptionEn: 'Description.',
      priceRetailCents: 2000,
      priceWholesaleCents: 1500,
      dimensionsWidthCm: 100,
      dimensionsHeightCm: 100,
    })
    .returning({ id: products.id })
  const [photo] = await db
    .insert(productPhotos)
    .values({ productId: draft!.id, position: 0, imageKey: 'matriz', altEs: 'Matriz', altEn: 'Matrix' })
    .returning({ id: productPhotos.id })
  return {
    draftId: draft!.id,
    draftPhotoId: photo!.id,
    categoryId: seeded!.id,
    emptyCategoryId: empty!.id,
    productId: product!.id,
    productUpdatedAt: product!.updatedAt.toISOString(),
    orders: await makeOrders(app),
  }
}

/** One order per transition, in the state that lets the admin's call apply. */
async function makeOrders(app: TestApp): Promise<Fixtures['orders']> {
  const { db } = app.database
  const order = (state: Pick<typeof orders.$inferInsert, 'status' | 'paymentStatus' | 'paymentSessionId' | 'payableUntil' | 'paymentExpiresAt'>) =>
    insertOrderRow(db, { customerName: 'Cliente de la matriz', customerEmail: 'matriz@example.com', ...state })
  const sessionId = `test_cs_${randomUUID()}`
  const refundable = await order({ status: 'confirmed', paymentStatus: 'paid', paymentSessionId: sessionId })
  // Paid at the built-in test provider, which then records the refund.
  await db.insert(testPaymentSessions).values({
    id: sessionId,
    orderId: refundable,
    amountCents: 2000,
    status: 'complete',
    paid: true,
    successUrl: 'http://localhost/ok',
    cancelUrl: 'http://localhost/cancel',
  })
  // Paid with a simplified invoice, which a customer may ask to have replaced by a full one.
  const simplified = await order({ status: 'confirmed', paymentStatus: 'paid', paymentSessionId: null })
  await db.transaction((tx) => issueInvoice(tx, simplified, invoiceSettings(app.env)))
  // Invoiced (with its VERI*FACTU record) in error, which an admin voids.
  const issuedInError = await order({ status: 'confirmed', paymentStatus: 'paid', paymentSessionId: null })
  const invoice = await issuedInvoice(db, issuedInError, invoiceSettings(app.env))
  // Paid, with panels to ship.
  const paid = await order({ status: 'confirmed', paymentStatus: 'paid', paymentSessionId: null })
  await insertOrderLine(db, paid)
  return {
    simplified,
    issuedInError: { id: issuedInError, invoice },
    paid,
    shipped: await order({ status: 'shipped', paymentStatus: 'paid', paymentSessionId: null }),
    unpaid: await order({ status: 'pending', paymentStatus: 'pending', paymentSessionId: null }),
    // A phone order waiting for payment by its link (7 days).
    linked: await order({
      status: 'pending',
      paymentStatus: 'pending',
      paymentSessionId: null,
      payableUntil: new Date(Date.now() + 7 * 86_400_000),
      paymentExpiresAt: new Date(Date.now() + 7 * 86_400_000),
    }),
    refundable,
  }
}

/** Every row the catalog and order procedures may write: a refused call must leave them as they were. */
async function catalogAndOrderRows(app: TestApp) {
  const { db } = app.database
  return {
    ...(await catalogRows(db)),
    orders: await db.select().from(orders).orderBy(orders.id),
    orderEvents: await db.select().from(orderEvents).orderBy(orderEvents.id),
    invoices: await db.select().from(invoices).orderBy(invoices.id),
    billingRecords: await db.select().from(verifactuRecords).orderBy(verifactuRecords.position),
  }
}

/** One call of a procedure, with its valid input when it has one in `inputs`. */
function call(shopper: SignedInShopper['shopper'], { path, type }: (typeof procedures)[number], fixtures: Fixtures) {
  const input = inputs[path]?.(fixtures)
  return type === 'query' ? shopper.query(path, input) : shopper.mutation(path, input)
}

let fixtures: Fixtures
const callers = new Map<Kind, SignedInShopper>()
const t = sharedTestApp()
beforeAll(async () => {
  fixtures = await makeFixtures(t)
  for (const kind of kinds) callers.set(kind, await shopperAs(t, kind))
})

describe('the authorization matrix', () => {
  it('has one entry for every procedure of the router, and none for a procedure that is gone', () => {
    expect(procedures.map((p) => p.path).sort()).toEqual(Object.keys(access).sort())
  })

  describe.each(procedures)('$path', ({ path, type }) => {
    it.each(kinds)('as %s', async (kind) => {
      const { shopper } = callers.get(kind)!
      // Without input where none is given: the role check runs before the input is parsed, so a
      // refused caller learns nothing; with valid input, the refusal cannot be the input's.
      const expected = refusal(access[path]!, kind)
      // A query changes nothing anyway: only a refused mutation's effect is looked for.
      const before = expected !== null && type === 'mutation' ? await catalogAndOrderRows(t) : null
      const answer = await call(shopper, { path, type }, fixtures)
      if (expected === null) {
        expect([401, 403], `${kind} must pass the role check of ${path}`).not.toContain(answer.status)
        if (path in inputs) expect(answer.status, `the input given for ${path} must be valid: ${answer.res.body}`).toBe(200)
      } else {
        expect(answer.status).toBe(expected)
        expect(answer.error?.data.code).toBe(expected === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN')
        expect(answer.error?.message).toBe(expected === 401 ? 'Debe iniciar sesión' : 'No permitido para su cuenta')
        if (before) expect(await catalogAndOrderRows(t)).toEqual(before)
      }
    })
  })
})

describe('with ADMIN_REQUIRE_2FA, an admin without two-factor', () => {
  let strictFixtures: Fixtures
  let admin: SignedInShopper
  const strict = sharedTestApp({ env: { ADMIN_REQUIRE_2FA: '1' } })
  beforeAll(async () => {
    strictFixtures = await makeFixtures(strict)
    admin = await shopperAs(strict, 'admin')
  })

  const adminProcedures = procedures.filter(({ path }) => access[path] === 'admin')
  it.each(adminProcedures)('is refused $path (403) and changes nothing', async (procedure) => {
    const before = procedure.type === 'mutation' ? await catalogAndOrderRows(strict) : null
    const answer = await call(admin.shopper, procedure, strictFixtures)
    expect(answer.status).toBe(403)
    expect(answer.error?.message).toBe(translate('es', messages.adminTwoFactorRequired))
    if (before) expect(await catalogAndOrderRows(strict)).toEqual(before)
  })
})

describe('a withdrawal by order id (orders.withdraw)', () => {
  it('is refused to a visitor (401) and to anyone not the order’s buyer, admins included (404), changing nothing', async () => {
    const { db } = t.database
    const orderId = await insertOrderRow(db, {
      status: 'delivered',
      paymentStatus: 'paid',
      deliveredAt: new Date(),
      customerEmail: 'matriz@example.com',
    })
    const statement = { id: orderId, name: 'Cliente de la matriz', email: 'matriz@example.com', comment: '' }
    const before = { rows: await catalogAndOrderRows(t), withdrawn: await db.select().from(withdrawals) }
    for (const kind of kinds) {
      const answer = await callers.get(kind)!.shopper.mutation('orders.withdraw', statement)
      expect(answer.status, kind).toBe(kind === 'anonymous' ? 401 : 404)
      expect(answer.error?.data.code, kind).toBe(kind === 'anonymous' ? 'UNAUTHORIZED' : 'NOT_FOUND')
    }
    expect({ rows: await catalogAndOrderRows(t), withdrawn: await db.select().from(withdrawals) }).toEqual(before)
  })
})
