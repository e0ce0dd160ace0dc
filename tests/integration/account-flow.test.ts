import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { orders, testPaymentSessions, user } from '../../server/db/schema/index.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { httpShopper, productIds, testShipping, type HttpShopper } from '../helpers/http-shopper.ts'
import { linkIn, openAuthLink, waitForMail } from '../helpers/mail-links.ts'

// docs/product.md#accounts over real HTTP: verification by the emailed link (and what it unlocks),
// a change of address, the profile and default address, sessions, the data export, deletion, and
// guest orders finding the account that verifies their address.
let productId: string
let nextIp = 1
const t = sharedTestApp()
beforeAll(async () => {
  productId = [...(await productIds(t.app)).values()][0]!
})

const browser = (language: 'es' | 'en' = 'en') => httpShopper(t.app, { ip: `10.41.0.${nextIp++}`, language })
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@example.com`

async function signUp(email: string, language: 'es' | 'en' = 'en') {
  const shopper = browser(language)
  const res = await shopper.auth('sign-up/email', { email, password: 'a-long-password', name: 'Nuria Sanz' })
  expect(res.statusCode).toBe(200)
  return shopper
}

const verifyLinkFor = async (email: string, since = 0) =>
  linkIn(await waitForMail(t.outbox, email, (m) => m.includes('Subject: Confirm your email address'), since), '/api/auth/verify-email')

async function guestOrder(email: string) {
  const guest = browser()
  expect((await guest.mutation('cart.add', { productId, quantity: 2 })).status).toBe(200)
  const created = await guest.mutation<{ orderNumber: string }>('checkout.create', {
    shipping: { ...testShipping, email },
    checkoutKey: randomUUID(),
  })
  expect(created.status).toBe(200)
  return created.data!.orderNumber
}

const orderNumbers = async (shopper: HttpShopper) =>
  ((await shopper.query<Array<{ orderNumber: string }>>('orders.list')).data ?? []).map((o) => o.orderNumber)

interface Me {
  user: { email: string; emailVerified: boolean }
}

describe('email verification', () => {
  it('mails a link at sign-up; until it is opened, wholesale access cannot be asked for', async () => {
    const email = uniqueEmail('verify')
    const shopper = await signUp(email, 'es')
    expect((await shopper.query<Me>('account.me')).data?.user.emailVerified).toBe(false)
    expect((await shopper.query<{ state: string }>('b2b.status')).data?.state).toBe('unverified')
    const request = { name: 'Nuria Sanz', company: 'Sanz Reformas S.L.', email, taxId: 'B03999992', phone: '+34 600 111 222' }
    const refused = await shopper.mutation('b2b.request', request)
    expect(refused.status).toBe(403)
    expect(refused.error?.message).toBe('Primero verifique su dirección de correo: abra el enlace que le enviamos o pida uno nuevo.')

    const mail = await waitForMail(t.outbox, email, (m) => m.includes('/api/auth/verify-email'))
    expect(mail).toContain('Subject: =?UTF-8?Q?Confirme_su_direcci=C3=B3n_de_correo?=')
    const link = linkIn(mail, '/api/auth/verify-email')
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/auth/verified')
    expect(await openAuthLink(shopper, link)).toEqual({ status: 302, location: '/auth/verified' })

    expect((await shopper.query<Me>('account.me')).data?.user.emailVerified).toBe(true)
    expect((await shopper.query<{ state: string }>('b2b.status')).data?.state).toBe('pending')
    expect((await shopper.mutation('b2b.request', request)).status).toBe(200)
    const pending = (await (await shopperAs(t, 'admin')).shopper.query<Array<{ email: string; emailVerified: boolean }>>('admin.pendingRequests'))
      .data!
    expect(pending.find((r) => r.email === email)?.emailVerified).toBe(true)
  })

  it('refuses an altered or expired link, and verifies nothing', async () => {
    const email = uniqueEmail('altered')
    const shopper = await signUp(email)
    const link = await verifyLinkFor(email)
    const altered = new URL(link)
    altered.searchParams.set('token', `${altered.searchParams.get('token')!.slice(0, -4)}AAAA`)
    // Signed up from an English page: the link lands on the English page (docs/product.md#language).
    expect(await openAuthLink(shopper, altered.href)).toEqual({ status: 302, location: '/en/auth/verified?error=INVALID_TOKEN' })
    // A day later the link has expired (its expiry is signed into the token).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000)
    try {
      expect(await openAuthLink(shopper, link)).toEqual({ status: 302, location: '/en/auth/verified?error=TOKEN_EXPIRED' })
    } finally {
      vi.useRealTimers()
    }
    expect((await shopper.query<Me>('account.me')).data?.user.emailVerified).toBe(false)
  })

  it('sends the link again on request, a few times an hour at most', async () => {
    const email = uniqueEmail('resend')
    const shopper = await signUp(email)
    await verifyLinkFor(email)
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await shopper.auth('send-verification-email', { email })).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    await expect.poll(() => t.outbox().filter((m) => m.includes(`To: ${email}`) && m.includes('verify-email')).length).toBe(4)
  })
})

describe('guest orders', () => {
  it('join the account that verifies their address, at verification and at a later sign-in', async () => {
    const email = uniqueEmail('guest')
    const first = await guestOrder(email)
    const shopper = await signUp(email)
    // Not before the address is proven: anyone could sign up with it.
    expect(await orderNumbers(shopper)).toEqual([])
    await openAuthLink(shopper, await verifyLinkFor(email))
    expect(await orderNumbers(shopper)).toEqual([first])

    const second = await guestOrder(email.toUpperCase())
    const again = browser()
    expect((await again.auth('sign-in/email', { email, password: 'a-long-password' })).statusCode).toBe(200)
    expect((await orderNumbers(again)).sort()).toEqual([first, second].sort())
  })
})

describe('change of email', () => {
  it('applies only when the new address confirms it, and tells the old one', async () => {
    const { shopper, user: owner } = await shopperAs(t, 'customer', { language: 'en' })
    const newEmail = uniqueEmail('moved')
    expect((await shopper.auth('change-email', { newEmail, password: 'a-long-password' })).statusCode).toBe(200)
    const notice = await waitForMail(t.outbox, owner!.email, (m) => m.includes('Subject: A change of your email address was requested'))
    expect(notice).toContain(newEmail)
    const confirm = await waitForMail(t.outbox, newEmail, (m) => m.includes('Subject: Confirm your new email address'))
    expect((await shopper.query<Me>('account.me')).data?.user.email).toBe(owner!.email)

    // Asked from an English page: the link lands on the English page (docs/product.md#language).
    expect(await openAuthLink(shopper, linkIn(confirm, '/api/auth/verify-email'))).toEqual({ status: 302, location: '/en/auth/verified?change=1' })
    expect((await shopper.query<Me>('account.me')).data?.user).toMatchObject({ email: newEmail, emailVerified: true })
    expect((await browser().auth('sign-in/email', { email: newEmail, password: 'a-long-password' })).statusCode).toBe(200)
  })
})

describe('profile and default address', () => {
  const profile = {
    name: 'Nuria Sanz Ortega',
    phone: '+34 611 222 333',
    company: 'Sanz Reformas',
    address: {
      address_line1: 'Calle del Mar 5',
      address_line2: '2º B',
      city: 'Orihuela',
      state: 'Alicante',
      postal_code: '03300',
      country: 'España',
    },
  }

  it('saves what the checkout form is then prefilled with', async () => {
    const { shopper, user: owner } = await shopperAs(t, 'customer')
    const saved = await shopper.mutation('account.update', profile)
    expect(saved.status).toBe(200)
    expect((await shopper.query('checkout.prefill')).data).toEqual({
      full_name: 'Nuria Sanz Ortega',
      email: owner!.email,
      // Stored as checkout stores it (docs/product.md#delivery): E.164, the country's code.
      phone: '+34611222333',
      ...profile.address,
      country: 'ES',
    })
    expect((await shopper.query<Me & { user: { name: string } }>('account.me')).data?.user.name).toBe('Nuria Sanz Ortega')
  })

  it('refuses bad input in the caller’s language and changes nothing', async () => {
    const { shopper } = await shopperAs(t, 'customer', { language: 'es' })
    expect((await shopper.mutation('account.update', profile)).status).toBe(200)
    const bad = await shopper.mutation('account.update', { ...profile, phone: '12', address: { ...profile.address, city: '' } })
    expect(bad.status).toBe(400)
    // The client's specification's words for a phone under 6 characters, as checkout says them (an empty phone is allowed here).
    expect(bad.error?.message).toBe('El teléfono debe tener al menos 6 caracteres')
    expect((await shopper.query<{ phone: string; address: { city: string } }>('account.profile')).data).toMatchObject({
      phone: '+34611222333',
      address: { city: 'Orihuela' },
    })
    // No address at all is a choice, not an error.
    expect((await shopper.mutation('account.update', { ...profile, address: null })).status).toBe(200)
    expect((await shopper.query<{ address_line1: string }>('checkout.prefill')).data?.address_line1).toBe('')
  })
})

describe('sessions', () => {
  it('lists devices without tokens, and signs out everywhere else', async () => {
    const email = uniqueEmail('sessions')
    const phone = await signUp(email)
    const laptop = browser()
    expect((await laptop.auth('sign-in/email', { email, password: 'a-long-password' })).statusCode).toBe(200)
    const list = (await laptop.query<Array<Record<string, unknown>>>('account.sessions')).data!
    expect(list).toHaveLength(2)
    expect(list.filter((s) => s.current)).toHaveLength(1)
    expect(JSON.stringify(list)).not.toMatch(/token/i)
    expect((await laptop.auth('revoke-other-sessions', {})).statusCode).toBe(200)
    expect((await phone.query('account.me')).data).toBeNull()
    expect((await laptop.query<Me>('account.me')).data?.user.email).toBe(email)
  })
})

describe('your data', () => {
  it('exports the person’s orders and requests, and nothing of anyone else’s', async () => {
    const email = uniqueEmail('export')
    const mine = await guestOrder(email)
    const theirs = await guestOrder(uniqueEmail('someone-else'))
    const { shopper } = await shopperAs(t, 'customer', { email })
    // shopperAs marked the address verified; signing in again claims the guest order.
    expect((await browser().auth('sign-in/email', { email, password: 'a-long-password' })).statusCode).toBe(200)
    await shopper.mutation('cart.setPostalCode', { postalCode: '03181' })
    const data = (
      await shopper.query<{ account: { email: string }; cartPostalCode: string | null; orders: Array<{ orderNumber: string; items: unknown[] }> }>(
        'account.export',
      )
    ).data!
    expect(data.account.email).toBe(email)
    expect(data.cartPostalCode).toBe('03181')
    expect(data.orders.map((o) => o.orderNumber)).toEqual([mine])
    expect(data.orders[0]!.items).toHaveLength(1)
    expect(JSON.stringify(data)).not.toContain(theirs)
  })

  it('deletes the account with the password, keeps its orders detached, and never gives them to a new account', async () => {
    const email = uniqueEmail('leaving')
    const { shopper, user: owner } = await shopperAs(t, 'customer', { email, language: 'en' })
    const number = await guestOrder(email)
    expect((await browser().auth('sign-in/email', { email, password: 'a-long-password' })).statusCode).toBe(200)
    expect(await orderNumbers(shopper)).toEqual([number])

    expect((await shopper.auth('delete-user', {})).statusCode).toBe(400)
    expect((await shopper.auth('delete-user', { password: 'not-the-password' })).statusCode).toBe(400)
    expect((await shopper.query<Me>('account.me')).data?.user.email).toBe(email)
    expect((await shopper.auth('delete-user', { password: 'a-long-password' })).statusCode).toBe(200)

    expect((await shopper.query('account.me')).data).toBeNull()
    expect(await t.database.db.select().from(user).where(eq(user.id, owner!.id))).toEqual([])
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.orderNumber, number))
    expect(kept).toMatchObject({ userId: null, customerPhone: '', customerEmail: email })
    // Left unpaid, it can no longer be paid: cancelled, its payment page closed.
    expect(kept).toMatchObject({ status: 'cancelled', cancelReason: 'buyer' })
    expect(
      await t.database.db.select({ status: testPaymentSessions.status }).from(testPaymentSessions).where(eq(testPaymentSessions.orderId, kept!.id)),
    ).toEqual([{ status: 'expired' }])
    expect(kept!.accountDeletedAt).toBeInstanceOf(Date)
    await waitForMail(t.outbox, email, (m) => m.includes('Subject: Your account was deleted'))
    expect((await browser().auth('sign-in/email', { email, password: 'a-long-password' })).statusCode).toBe(401)

    // The address can sign up again, as a new account that does not get the old orders.
    const before = t.outbox().length
    const fresh = await signUp(email)
    await openAuthLink(fresh, await verifyLinkFor(email, before))
    expect((await fresh.query<Me>('account.me')).data?.user.emailVerified).toBe(true)
    expect(await orderNumbers(fresh)).toEqual([])
  })
})
