import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contacts } from '../db/schema/index.ts'
import { testPublicUrl } from '../../tests/helpers/app.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'

// docs/product.md#forms: the contact and catalog forms work before and without JavaScript. Each post
// is the form's own action (the same schema, rate limit and sending as its procedure): sent, 303 to
// the page, which says so; refused, the page again with what was typed and why, in its language,
// with nothing stored. Pages come from the client build (`npm test` builds first).

const t = sharedTestApp({ pages: true })
let nextIp = 1

const typed = {
  name: 'Lucía Pérez',
  company: 'Reformas Pérez',
  email: 'lucia@example.com',
  phone: '+44 7700 900123',
  message: 'Hola, ¿tienen el mármol Carrara en 2,60 m de alto? Es para un baño <b>grande</b>.',
}

const encoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

/** Posts the contact page's form as a browser does, from its own client address. */
const post = (path: string, fields: Record<string, string>, opts: { ip?: string; origin?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: opts.ip ?? `192.0.41.${nextIp++}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: opts.origin ?? testPublicUrl },
    payload: encoded(fields),
  })

const storedFrom = (email: string) =>
  t.database.db
    .select({ name: contacts.name, message: contacts.message, language: contacts.language, source: contacts.source })
    .from(contacts)
    .where(eq(contacts.email, email))

describe('the contact form posted without JavaScript', () => {
  it('stores the message and answers 303 to the page, which says it was sent', async () => {
    const email = 'sent-without-script@example.com'
    const res = await post('/contact', { ...typed, email, website: '' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/contact?sent=1')
    expect(await storedFrom(email)).toEqual([{ name: typed.name, message: typed.message, language: 'es', source: 'contact' }])
    const page = await t.app.inject({ method: 'GET', url: '/contact?sent=1' })
    expect(page.body).toMatch(/role="status"[^>]*>Mensaje enviado correctamente/)
    expect((await t.app.inject({ method: 'GET', url: '/contact' })).body).not.toContain('Mensaje enviado correctamente')
  })

  it('answers an English page in English', async () => {
    const email = 'sent-without-script-en@example.com'
    const res = await post('/en/contact', { ...typed, email, website: '' })
    expect(res.headers.location).toBe('/en/contact?sent=1')
    expect((await storedFrom(email))[0]?.language).toBe('en')
    expect((await t.app.inject({ method: 'GET', url: '/en/contact?sent=1' })).body).toContain('Message sent successfully')
  })

  it.each([
    ['es', '/contact', 'Correo electrónico no válido', 'Escriba su mensaje'],
    ['en', '/en/contact', 'Invalid email address', 'Please write your message'],
  ])(
    'in %s, renders the page again with what was typed and each message beside its field, storing nothing',
    async (_language, path, emailMessage, messageMessage) => {
      const email = `lucia@${path.length}`
      const res = await post(path, { ...typed, email, message: '   ', website: '' })
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-store')
      // What was typed is back in the fields (escaped), never in a URL.
      expect(res.body).toContain('value="Lucía Pérez"')
      expect(res.body).toContain('value="Reformas Pérez"')
      expect(res.body).toContain(`value="${email}"`)
      expect(res.body).toContain('value="+44 7700 900123"')
      expect(res.headers.location).toBeUndefined()
      // Each message is tied to its field, and the first field to fix has the keyboard.
      const emailInput = /<input[^>]*name="email"[^>]*>/.exec(res.body)?.[0] ?? ''
      expect(emailInput).toContain('aria-invalid="true"')
      expect(emailInput).toMatch(/autofocus/i)
      const describedBy = /aria-describedby="([^"]+)"/.exec(emailInput)?.[1]
      expect(res.body).toContain(`id="${describedBy}"`)
      expect(res.body).toMatch(new RegExp(`id="${describedBy}"[^>]*>${emailMessage}<`))
      expect(res.body).toContain(messageMessage)
      expect(await storedFrom(email)).toEqual([])
    },
  )

  it('keeps a long message with markup as text, and a quote page keeps its query', async () => {
    const message = `<script>alert(1)</script> ${'Necesito 40 paneles. '.repeat(20)}`
    const res = await post('/contact?quote=03181', { ...typed, email: 'not-an-email', message, website: '' })
    expect(res.statusCode).toBe(400)
    expect(res.body).not.toContain('<script>alert(1)</script>')
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Necesito 40 paneles.')
  })

  it('says why nothing was sent once a client has sent too many messages, keeping what was typed', async () => {
    const ip = '192.0.41.250'
    for (let i = 0; i < 5; i++)
      expect((await post('/contact', { ...typed, email: `many-${i}@example.com`, website: '' }, { ip })).statusCode).toBe(303)
    const res = await post('/contact', { ...typed, email: 'one-too-many@example.com', website: '' }, { ip })
    expect(res.statusCode).toBe(429)
    expect(res.body).toMatch(/role="alert"[^>]*>Demasiados intentos/)
    expect(res.body).toContain('value="one-too-many@example.com"')
    expect(await storedFrom('one-too-many@example.com')).toEqual([])
  })

  it('drops a bot that fills the hidden field, as the procedure does, and refuses a post from another site', async () => {
    expect((await post('/contact', { ...typed, email: 'bot@example.com', website: 'https://spam.example' })).statusCode).toBe(303)
    expect(await storedFrom('bot@example.com')).toEqual([])
    const crossSite = await post('/contact', { ...typed, email: 'cross-site@example.com', website: '' }, { origin: 'https://evil.example' })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.body).not.toContain('cross-site@example.com')
    expect(await storedFrom('cross-site@example.com')).toEqual([])
  })
})

describe('the catalog form posted without JavaScript', () => {
  it('stores the request and answers 303 to the page, which says it was sent and links to the PDF in its language', async () => {
    const email = 'catalog-without-script@example.com'
    const res = await post('/en/catalog', { name: 'Emma Walker', email, website: '' })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/en/catalog?sent=1')
    expect(await storedFrom(email)).toEqual([{ name: 'Emma Walker', message: null, language: 'en', source: 'catalog_request' }])
    const page = (await t.app.inject({ method: 'GET', url: '/en/catalog?sent=1' })).body
    expect(page).toMatch(/role="status"[^>]*>Catalog sent! Check your email\./)
    expect(page).toContain('href="/catalog.pdf?lang=en"')
    const spanish = (await t.app.inject({ method: 'GET', url: '/catalog?sent=1' })).body
    expect(spanish).toContain('¡Catálogo enviado! Revise su email.')
    expect(spanish).toContain('href="/catalog.pdf?lang=es"')
  })

  it('renders the page again with the name typed and the email refused beside its field, storing nothing', async () => {
    const res = await post('/catalog', { name: 'Marta Gómez', email: 'marta@', website: '' })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('value="Marta Gómez"')
    expect(res.body).toContain('value="marta@"')
    const emailInput = /<input[^>]*name="email"[^>]*>/.exec(res.body)?.[0] ?? ''
    expect(emailInput).toContain('aria-invalid="true"')
    expect(emailInput).toMatch(/autofocus/i)
    expect(res.body).toContain('Correo electrónico no válido')
    expect(await storedFrom('marta@')).toEqual([])
  })
})
