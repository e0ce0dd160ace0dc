import { readdirSync, readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { sampleCompany } from '../../core/company.ts'
import type { PostalAddress } from '../../core/address.ts'
import type { Language } from '../../core/language.ts'
import { localizedPath } from '../../core/language-urls.ts'
import { seedProducts } from '../../server/db/seed-data.ts'
import type { RenderedEmail } from '../../server/emails/order-confirmation.ts'
import type { OrderUpdate } from '../../server/emails/order-updates.ts'
import {
  renderAccountDeleted,
  renderConfirmNewEmail,
  renderEmailChangeCancelled,
  renderEmailChangeNotice,
  renderSignUpAttempt,
  renderVerifyEmail,
} from '../../server/emails/account.ts'
import { renderB2bApproved, renderB2bRequestReceived } from '../../server/emails/b2b.ts'
import { renderCatalogEmail } from '../../server/emails/catalog.ts'
import { renderContactMessage } from '../../server/emails/contact.ts'
import { renderOrderAlert } from '../../server/emails/order-alert.ts'
import { renderOrderConfirmation } from '../../server/emails/order-confirmation.ts'
import { renderOrderUpdate } from '../../server/emails/order-updates.ts'
import { renderPasswordChanged, renderPasswordReset } from '../../server/emails/password.ts'
import { renderPaymentLink } from '../../server/emails/payment-link.ts'
import { renderWithdrawalAlert, renderWithdrawalReceipt } from '../../server/emails/withdrawal.ts'
import { renderInvoicePdf, type Invoice } from '../../server/services/invoice-pdf/render.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { languageFindings, visibleTexts } from '../helpers/language-check.ts'
import { insertOrderRow } from '../helpers/orders.ts'
import { orderItems } from '../../server/db/schema/index.ts'
import { pdfContents } from '../helpers/pdf-contents.ts'
import { productIds, type HttpShopper } from '../helpers/http-shopper.ts'
import { sharedTestApp } from '../helpers/shared-app.ts'

// Row 11 of issue 35 (PRODUCT.md §12): every email and every page, rendered in each language, shows
// no text of the other one, and writes its numbers in its own style. What counts as the other
// language comes from the compiled catalogs (tests/helpers/language-check.ts); its allow-list holds
// the legal legends, proper names and addresses either language may show.

const languages = ['es', 'en'] as const satisfies readonly Language[]
const company = sampleCompany
const address: PostalAddress = { line1: 'Calle Mayor 12', line2: null, city: 'Torrevieja', state: 'Alicante', postal_code: '03181', country: 'ES' }
const url = 'https://shop.example/link'
/** A product's name as the order stores it: in the buyer's language. */
const panel = (language: Language) => (language === 'en' ? 'Calacatta marble panel' : 'Panel de mármol Calacatta')
const lines = (language: Language) => [{ name: panel(language), quantity: 3, subtotalCents: 11_970 }]
const receivedAt = new Date('2026-11-20T10:30:00Z')
const withdrawal = {
  orderNumber: 'ORD-2026-000123',
  totalCents: 11_970,
  withdrawal: { name: 'Lucía Pérez', email: 'lucia@example.com', comment: null, channel: 'link' as const, receivedAt },
}

/** Each update an order's customer can be told of, one of every kind. */
const orderUpdates = {
  shipped: { kind: 'shipped', carrier: 'SEUR', tracking: 'AB123', part: 'all', lines: [], trackingUrl: url, trackingPortal: true },
  delivered: { kind: 'delivered', withdrawal: { url, until: '4 December 2026' } },
  cancelled: { kind: 'cancelled', wholesaleEnded: true },
  refunded: { kind: 'refunded', amountCents: 3990, correctiveInvoice: 'R2026-000001', invoiceAttached: true },
  payment_returned: { kind: 'payment_returned', reason: 'order cancelled' },
  invoice_replaced: { kind: 'invoice_replaced', invoice: '2026-000124', replaced: '2026-000123', invoiceAttached: true },
  late_invoices: { kind: 'late_invoices', invoice: '2026-000123', correctives: ['R2026-000001'], invoiceAttached: true },
  details_changed: {
    kind: 'details_changed',
    name: 'Lucía Pérez',
    email: 'lucia@example.com',
    phone: '+34 600 111 222',
    address: 'Calle Mayor 12, 03181 Torrevieja',
  },
} satisfies { [K in OrderUpdate['kind']]: Extract<OrderUpdate, { kind: K }> }

/**
 * Every email builder of server/emails, by file and name, with sample data as the shop fills it.
 * `shop`: written to the company, always in Spanish (the shop's language).
 */
const emails: Record<string, { shop?: true; render: (language: Language) => RenderedEmail[] }> = {
  'account.ts#renderVerifyEmail': { render: (language) => [renderVerifyEmail({ name: 'Lucía', language, url }, company)] },
  'account.ts#renderConfirmNewEmail': { render: (language) => [renderConfirmNewEmail({ name: 'Lucía', language, url }, company)] },
  'account.ts#renderEmailChangeNotice': {
    render: (language) => [renderEmailChangeNotice({ name: 'Lucía', language, newEmail: 'new@example.com', cancelUrl: url }, company)],
  },
  'account.ts#renderEmailChangeCancelled': {
    render: (language) => [renderEmailChangeCancelled({ name: 'Lucía', language, address: 'lucia@example.com', url }, company)],
  },
  'account.ts#renderAccountDeleted': { render: (language) => [renderAccountDeleted({ name: 'Lucía', language }, company)] },
  'account.ts#renderSignUpAttempt': { render: (language) => [renderSignUpAttempt({ name: 'Lucía', language, url }, company)] },
  // A company whose name ends in a period, as most Spanish companies' do: the sentence's own period is not doubled.
  'b2b.ts#renderB2bApproved': {
    render: (language) => [renderB2bApproved({ name: 'Pedro', company: 'Reformas Costa S.L.', language, shopUrl: url }, company)],
  },
  'b2b.ts#renderB2bRequestReceived': {
    shop: true,
    render: () => [
      renderB2bRequestReceived(
        { name: 'Pedro', company: 'Reformas Costa S.L.', email: 'pedro@example.com', phone: '+34 600 111 222', taxId: 'B03999992', adminUrl: url },
        company,
      ),
    ],
  },
  'catalog.ts#renderCatalogEmail': { render: (language) => [renderCatalogEmail({ name: 'Lucía', language, shopUrl: url }, company)] },
  'contact.ts#renderContactMessage': {
    shop: true,
    render: () =>
      languages.map((language) =>
        renderContactMessage(
          { name: 'Lucía', email: 'lucia@example.com', company: '', phone: '+34 600 111 222', message: '…', language, adminUrl: url },
          company,
        ),
      ),
  },
  'order-alert.ts#renderOrderAlert': {
    shop: true,
    render: () => [
      renderOrderAlert(
        {
          orderNumber: 'ORD-2026-000123',
          customerName: 'Lucía Pérez',
          customerEmail: 'lucia@example.com',
          customerPhone: '+34 600 111 222',
          language: 'en',
          items: [{ nameEs: panel('es'), quantity: 3, unitPriceCents: 3990, subtotalCents: 11_970 }],
          taxCents: 622,
          surchargeRateBasisPoints: 520,
          shippingCostCents: 1500,
          totalCents: 14_092,
          deliveryMethod: 'home',
          deliveryZone: 'peninsula',
          deliveryMinDays: 2,
          deliveryMaxDays: 4,
          shippingAddress: address,
          adminUrl: url,
        },
        company,
      ),
    ],
  },
  'order-confirmation.ts#renderOrderConfirmation': {
    render: (language) => [
      renderOrderConfirmation(
        {
          orderNumber: 'ORD-2026-000123',
          customerName: 'Lucía Pérez',
          language,
          items: [{ productName: panel(language), quantity: 3, unitPriceCents: 3990, subtotalCents: 11_970 }],
          subtotalCents: 11_970,
          taxCents: 622,
          surchargeRateBasisPoints: 520,
          totalCents: 14_092,
          shippingAddress: address,
          deliveryMethod: 'home',
          deliveryZone: 'peninsula',
          deliveryMinDays: 2,
          deliveryMaxDays: 4,
          shippingCostCents: 1500,
          invoice: { number: '2026-000123', ordersUrl: url },
          withdrawalUrl: url,
        },
        company,
      ),
      renderOrderConfirmation(
        {
          orderNumber: 'ORD-2026-000124',
          customerName: 'Lucía Pérez',
          language,
          items: [],
          subtotalCents: 0,
          totalCents: 0,
          shippingAddress: null,
          deliveryMethod: 'pickup',
        },
        company,
      ),
    ],
  },
  'order-updates.ts#renderOrderUpdate': {
    render: (language) =>
      Object.values(orderUpdates).map((update) =>
        renderOrderUpdate({ orderNumber: 'ORD-2026-000123', customerName: 'Lucía Pérez', language, ordersUrl: url }, update, company),
      ),
  },
  'password.ts#renderPasswordReset': { render: (language) => [renderPasswordReset({ name: 'Lucía', language, url }, company)] },
  'password.ts#renderPasswordChanged': { render: (language) => [renderPasswordChanged({ name: 'Lucía', language }, company)] },
  'payment-link.ts#renderPaymentLink': {
    render: (language) => [
      renderPaymentLink(
        {
          orderNumber: 'ORD-2026-000123',
          customerName: 'Lucía Pérez',
          language,
          lines: lines(language),
          shippingCostCents: 1500,
          surchargeCents: 622,
          totalCents: 14_092,
          paymentUrl: url,
          payableUntil: receivedAt,
        },
        company,
      ),
    ],
  },
  'withdrawal.ts#renderWithdrawalReceipt': {
    render: (language) => [renderWithdrawalReceipt({ ...withdrawal, language, lines: lines(language), returnsUrl: url }, company)],
  },
  'withdrawal.ts#renderWithdrawalAlert': {
    shop: true,
    render: () => [
      renderWithdrawalAlert(
        { ...withdrawal, language: 'en', lines: lines('es'), withdrawal: { ...withdrawal.withdrawal, comment: '…' }, adminUrl: url },
        company,
      ),
    ],
  },
}

const emailTexts = (email: RenderedEmail, language: Language) => [email.subject, ...email.text.split('\n'), ...visibleTexts(email.html, language)]

describe('the reader', () => {
  it.each([
    ['en', 'Add 10 % for cuts and waste'],
    ['en', 'You save €50.00 per panel (53 %)'],
    ['en', 'Calle Real 5, 03181 Torrevieja, España'],
    ['en', 'From 80,00 € per panel'],
    ['es', 'B2B Access Request NIF/VAT: B03999992'],
    ['es', 'Usted ahorra 50,00 € por panel (53%)'],
    ['es', 'Hemos aprobado su acceso mayorista para Reformas Levante S.L.. A partir de ahora'],
  ] as const)('finds what the issue found: in %s, “%s”', (language, text) => {
    expect(languageFindings([text], language)).not.toEqual([])
  })

  it('lets the allowed texts, addresses and amounts in the reader’s style pass', () => {
    expect(
      languageFindings(['Factura verificable en la sede electrónica de la AEAT', 'You save €50.00 per panel (53%)', 'lucia@example.com'], 'en'),
    ).toEqual([])
    expect(languageFindings(['Usted ahorra 50,00\u00a0€ por panel (53\u00a0%)', 'Reformas Costa S.L.'], 'es')).toEqual([])
  })
})

describe('every email', () => {
  it('has sample data here: a new builder in server/emails fails this test until it is added', async () => {
    const directory = new URL('../../server/emails/', import.meta.url)
    const builders: string[] = []
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const exported: Record<string, unknown> = await import(new URL(file, directory).href)
      for (const [name, value] of Object.entries(exported))
        if (typeof value === 'function' && /^render[A-Z]/.test(name)) builders.push(`${file}#${name}`)
    }
    expect(Object.keys(emails).sort()).toEqual(builders.sort())
  })

  it.each(Object.keys(emails))('%s reads wholly in its language', (key) => {
    const { shop, render } = emails[key]!
    const findings = (shop ? (['es'] as const) : languages).flatMap((language) =>
      render(language).flatMap((email) => languageFindings(emailTexts(email, language), language).map((finding) => `${language}: ${finding}`)),
    )
    expect(findings).toEqual([])
  })
})

describe('an invoice', () => {
  const invoice = (language: Language): Invoice => ({
    id: '00000000-0000-4000-8000-000000000001',
    number: '2026-000123',
    kind: 'invoice',
    aeatType: 'F1',
    year: 2026,
    sequence: 123,
    orderId: '00000000-0000-4000-8000-000000000002',
    correctsId: null,
    replacesId: null,
    issuedAt: receivedAt,
    operatedAt: null,
    language,
    // As issued before the seller's country was stored as its code: its name in Spanish.
    seller: { legalName: company.legalName, taxId: company.taxId, address: { ...company.address, country: 'España' } },
    buyer: { name: 'Lucía Pérez', email: 'lucia@example.com', address, company: null, taxId: 'X1234567L', idType: '03', country: 'GB' },
    lines: [{ name: panel(language), quantity: 3, unitPriceCents: 3990, amountCents: 11_970 }],
    taxRateBasisPoints: 2100,
    taxableBaseCents: 9893,
    taxCents: 2077,
    surchargeCents: 0,
    surchargeRateBasisPoints: 0,
    totalCents: 11_970,
  })

  it.each(languages)('in %s, its country names and amounts included', async (language) => {
    const pdf = await renderInvoicePdf(invoice(language), {
      orderNumber: 'ORD-2026-000123',
      correctsNumber: null,
      replacesNumber: null,
      verificationUrl: 'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B03999992&numserie=2026-000123&fecha=20-11-2026&importe=119.70',
      voided: false,
    })
    const { text } = await pdfContents(pdf)
    expect(text).toContain(language === 'en' ? 'Spain' : 'España')
    // The PDF's text comes out as one run, its table's cells side by side and its no-break spaces
    // plain: its words are judged there, its amounts and rates here.
    expect(languageFindings([text], language, { style: false })).toEqual([])
    for (const written of language === 'en' ? ['€119.70', 'VAT (IVA) 21%'] : ['119,70 €', 'IVA 21 %']) expect(text).toContain(written)
  })
})

// Pages: every route of the generated route tree, rendered on the server as an admin (who sees
// every page, the wholesale prices and the admin's) in each language. `npm test` builds the client first.
const t = sharedTestApp({ pages: true })

const routeTree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8')
const routes = [
  ...routeTree
    .slice(routeTree.indexOf('export interface FileRoutesByFullPath'), routeTree.indexOf('export interface FileRoutesByTo'))
    .matchAll(/^ {2}'([^']+)':/gm),
].map(([, route]) => route!)

let admin: HttpShopper
let asker: HttpShopper
const pathOf: Record<string, () => Promise<string> | string> = {}
const fixed = (path: string) => () => path

describe('every page', () => {
  let orderId = ''
  let productId = ''
  beforeAll(async () => {
    const signedIn = await shopperAs(t, 'admin', { name: 'Lucía Pérez' })
    admin = signedIn.shopper
    orderId = await insertOrderRow(t.database.db, {
      userId: signedIn.user!.id,
      customerName: 'Lucía Pérez',
      customerEmail: 'lucia@example.com',
      shippingAddress: address,
    })
    // A line whose name is a model's, the same in both languages (a stored line keeps the buyer's language).
    await t.database.db.insert(orderItems).values({ orderId, productName: 'Calacatta', quantity: 3, unitPriceCents: 3990, subtotalCents: 11_970 })
    // A wholesale request waiting, as /admin/messages and /admin/requests list it.
    const requester = await shopperAs(t, 'customer')
    const sent = await requester.shopper.mutation('b2b.request', {
      name: 'Pedro',
      company: 'Reformas Costa S.L.',
      email: 'pedro@example.com',
      taxId: 'B03999992',
      phone: '600111222',
    })
    expect(sent.status).toBe(200)
    productId = [...(await productIds(t.app)).values()][0]!
    // The wholesale request's own page is for a customer who may still ask.
    asker = (await shopperAs(t, 'customer', { name: 'Marta Gil' })).shopper
  })

  Object.assign(pathOf, {
    '/category/$slug': fixed(`/category/${seedProducts[0]!.categorySlug}`),
    '/product/$slug': fixed(`/product/${seedProducts[0]!.slug}`),
    '/admin/orders/$id': () => `/admin/orders/${orderId}`,
    '/admin/products/$id': () => `/admin/products/${productId}`,
    '/admin/products/$id/preview': () => `/admin/products/${productId}/preview`,
    // Unknown ones: the pages that say so.
    '/test-payment/$sessionId': fixed('/test-payment/cs_test_unknown'),
    '/withdraw/$token': fixed('/withdraw/not-a-token'),
    '/admin/': fixed('/admin'),
    '/payment-link': fixed('/payment-link?state=closed'),
    '/order/$token': fixed('/order/not-a-token'),
    // A search's results, found in both languages.
    '/search': fixed('/search?q=calacatta'),
  })

  it('knows a path for each route of the route tree', () => {
    expect(routes.length).toBeGreaterThan(30)
    for (const route of routes) expect(!route.includes('$') || route in pathOf, route).toBe(true)
  })

  it.each(languages)('in %s, shows no text of the other language', async (language) => {
    const findings: string[] = []
    for (const route of routes) {
      const path = localizedPath(await (pathOf[route] ?? fixed(route.replace(/\/$/, '') || '/'))(), language)
      const viewer = route === '/b2b/request' ? asker : admin
      const cookie = [...viewer.jar].map(([k, v]) => `${k}=${v}`).join('; ')
      let res = await t.app.inject({ method: 'GET', url: path, headers: { cookie } })
      // A page for visitors only (sign-in) sends a signed-in admin on: a visitor reads it.
      if (res.statusCode >= 300 && res.statusCode < 400) res = await t.app.inject({ method: 'GET', url: path })
      // A 404 page (an unknown payment session) is a page to read too.
      if ((res.statusCode >= 300 && res.statusCode !== 404) || !res.body.includes(`<html lang="${language}"`)) {
        findings.push(`${path}: answered ${res.statusCode} without a page in its language`)
        continue
      }
      for (const finding of languageFindings(visibleTexts(res.body, language), language)) findings.push(`${path}: ${finding}`)
    }
    expect(findings).toEqual([])
  })
})
