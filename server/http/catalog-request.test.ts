import { eq } from 'drizzle-orm'
import { PDFParse } from 'pdf-parse'
import { describe, expect, it } from 'vitest'
import { contacts, products } from '../db/schema/index.ts'
import { seedProducts } from '../db/seed-data.ts'
import { createTestApp, testPublicUrl } from '../../tests/helpers/app.ts'
import { httpShopper } from '../../tests/helpers/http-shopper.ts'
import { linkIn } from '../../tests/helpers/mail-links.ts'
import { smtpTestApp } from '../../tests/helpers/smtp-app.ts'

// docs/product.md#forms: the PDF catalog, served and emailed in the visitor's language.
const setup = smtpTestApp()
let nextIp = 1
const visitor = (language: 'es' | 'en' = 'es') => httpShopper(setup.app.app, { ip: `10.30.0.${nextIp++}`, language })

async function pdfText(body: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(body) })
  try {
    return (await parser.getText()).text
  } finally {
    await parser.destroy()
  }
}

const getPdf = (lang: string, headers: Record<string, string> = {}) =>
  setup.app.app.inject({ method: 'GET', url: `/catalog.pdf?lang=${lang}`, headers })

describe('GET /catalog.pdf', () => {
  it.each([
    ['es', 'Panel Mármol Carrara Blanco', `${'89,00'}\u00a0€ / panel`, 'Especificaciones técnicas'],
    ['en', 'White Carrara Marble Panel', '€89.00 / panel', 'Technical specifications'],
  ])('in %s holds the products, prices in euros and the technical facts', async (lang, name, price, specs) => {
    const res = await getPdf(lang)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers.etag).toMatch(new RegExp(`^"catalog-${lang}-[0-9a-f]{20}"$`))
    const text = await pdfText(res.rawPayload)
    expect(text).toContain(name)
    expect(text.replace(/\s+/g, ' ')).toContain(price.replace(/\s+/g, ' '))
    expect(text).toContain(specs)
    expect(text).toContain('ISO 9001:2015')
    for (const product of seedProducts) expect(text).toContain(lang === 'es' ? product.nameEs : product.nameEn)
  })

  it('answers 304 to a cache that has it, and a new version after a catalog change', async () => {
    const first = await getPdf('es')
    const etag = String(first.headers.etag)
    const again = await getPdf('es', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')

    const product = seedProducts[0]!
    await setup.app.database.db.update(products).set({ nameEs: 'Panel Mármol Carrara Edición 2027' }).where(eq(products.slug, product.slug))
    const changed = await getPdf('es', { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(await pdfText(changed.rawPayload)).toContain('Panel Mármol Carrara Edición 2027')
    await setup.app.database.db.update(products).set({ nameEs: product.nameEs }).where(eq(products.slug, product.slug))
  })
})

describe('forms.requestCatalog', () => {
  it('stores the request, emails the PDF in that language over SMTP and returns its address', async () => {
    const before = setup.smtp.received.length
    const answer = await visitor('en').mutation<{ downloadUrl: string }>('forms.requestCatalog', {
      name: 'Tom Baker',
      email: 'tom@example.com',
      language: 'en',
    })
    expect(answer.status).toBe(200)
    expect(answer.data).toEqual({ downloadUrl: `${testPublicUrl}/catalog.pdf?lang=en` })
    const [row] = await setup.app.database.db
      .select({ source: contacts.source, status: contacts.status, language: contacts.language })
      .from(contacts)
      .where(eq(contacts.email, 'tom@example.com'))
    expect(row).toEqual({ source: 'catalog_request', status: 'new', language: 'en' })
    const mail = setup.smtp.received.slice(before)
    expect(mail).toHaveLength(1)
    expect(mail[0]!.to).toEqual(['tom@example.com'])
    expect(mail[0]!.raw).toContain('Subject: Your panel catalog')
    // Its link opens the shop in English (docs/product.md#language).
    expect(linkIn(mail[0]!.raw, '/shop')).toBe(`${testPublicUrl}/en/shop`)
    expect(mail[0]!.raw).toMatch(/Content-Type: application\/pdf; name=panel-catalog\.pdf/)
  })

  it('writes the email and its attachment to the outbox without SMTP', async () => {
    const outboxApp = await createTestApp()
    try {
      const answer = await httpShopper(outboxApp.app).mutation('forms.requestCatalog', { name: 'Ana', email: 'ana@example.com', language: 'es' })
      expect(answer.status).toBe(200)
      const mails = outboxApp.outbox()
      expect(mails).toHaveLength(1)
      expect(mails[0]).toContain('Subject: =?UTF-8?Q?Su_cat=C3=A1logo_de_paneles?=')
      expect(mails[0]).toMatch(/Content-Type: application\/pdf; name=catalogo-paneles\.pdf/)
    } finally {
      await outboxApp.app.close()
    }
  })

  it.each([
    [
      'name',
      { name: '', email: 'a@example.com', language: 'es' },
      'El nombre debe tener al menos 2 caracteres',
      'Name must be at least 2 characters',
    ],
    ['email', { name: 'Ana', email: 'ana@', language: 'es' }, 'Correo electrónico no válido', 'Invalid email address'],
  ])('refuses a bad %s in both languages and stores nothing', async (_field, input, es, en) => {
    const before = setup.smtp.received.length
    expect((await visitor('es').mutation('forms.requestCatalog', input)).error?.message).toBe(es)
    expect((await visitor('en').mutation('forms.requestCatalog', input)).error?.message).toBe(en)
    expect(setup.smtp.received.length).toBe(before)
  })

  it('drops a request whose honeypot is filled and sends nothing', async () => {
    const before = setup.smtp.received.length
    const answer = await visitor().mutation('forms.requestCatalog', { name: 'Bot', email: 'bot2@example.com', language: 'es', website: 'x' })
    expect(answer.status).toBe(200)
    expect(setup.smtp.received.length).toBe(before)
    expect(await setup.app.database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, 'bot2@example.com'))).toEqual([])
  })

  it('limits one client address to 5 catalogs in 15 minutes', async () => {
    const greedy = visitor('es')
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await greedy.mutation('forms.requestCatalog', { name: 'Ana', email: `a${i}@example.com`, language: 'es' })).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})
