import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contacts } from '../../server/db/schema/index.ts'
import { createTestApp } from '../helpers/app.ts'
import { shopperAs } from '../helpers/accounts.ts'
import { httpShopper } from '../helpers/http-shopper.ts'
import { smtpTestApp } from '../helpers/smtp-app.ts'

// docs/product.md#forms over real HTTP, mail going to a real SMTP server.
const setup = smtpTestApp()
let nextIp = 1
const visitor = (language: 'es' | 'en' = 'es') => httpShopper(setup.app.app, { ip: `10.20.0.${nextIp++}`, language })

const message = {
  name: 'Lucía Pérez',
  company: 'Reformas Pérez',
  email: 'lucia@example.com',
  phone: '+34 600 111 222',
  message: 'Hola,\n¿tienen el mármol Carrara en 2,60 m de alto? Es para un baño.',
}

const storedFrom = (email: string) =>
  setup.app.database.db
    .select({
      name: contacts.name,
      source: contacts.source,
      status: contacts.status,
      userId: contacts.userId,
      message: contacts.message,
      language: contacts.language,
    })
    .from(contacts)
    .where(eq(contacts.email, email))

describe('forms.contact', () => {
  it('stores the message and emails the company, answerable by replying to the visitor', async () => {
    const before = setup.smtp.received.length
    const answer = await visitor('en').mutation('forms.contact', message)
    expect(answer.status).toBe(200)
    expect(await storedFrom(message.email)).toEqual([
      { name: message.name, source: 'contact', status: 'new', userId: null, message: message.message, language: 'en' },
    ])
    const mails = setup.smtp.received.slice(before)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toEqual([setup.app.env.company.email])
    expect(mails[0]!.raw).toMatch(/^Reply-To: =\?UTF-8\?Q\?Luc=C3=ADa_P=C3=A9rez\?= <lucia@example\.com>$/m)
    expect(mails[0]!.raw).toContain('Reformas P')
  })

  it('links the message to a signed-in customer', async () => {
    const customer = await shopperAs(setup.app, 'customer')
    const email = customer.user!.email
    expect((await customer.shopper.mutation('forms.contact', { ...message, email, company: '', phone: '' })).status).toBe(200)
    expect((await storedFrom(email))[0]?.userId).toBe(customer.user!.id)
  })

  it.each([
    ['name', '', 'El nombre debe tener al menos 2 caracteres', 'Name must be at least 2 characters'],
    ['email', 'lucia@', 'Correo electrónico no válido', 'Invalid email address'],
    ['message', '   ', 'Escriba su mensaje', 'Please write your message'],
    ['message', 'x'.repeat(2001), 'El mensaje puede tener como máximo 2000 caracteres', 'The message can be at most 2000 characters'],
    ['company', 'x'.repeat(201), 'El nombre de la empresa es demasiado largo', 'The company name is too long'],
    ['phone', '123', 'El teléfono debe tener entre 6 y 20 caracteres', 'Phone must be between 6 and 20 characters'],
  ])('refuses a bad %s with a message in both languages and stores nothing', async (field, value, es, en) => {
    const email = `bad-${field}-${value.length}@example.com`
    const input = { ...message, email: field === 'email' ? value : email, [field]: value }
    const spanish = await visitor('es').mutation('forms.contact', input)
    expect(spanish.status).toBe(400)
    expect(spanish.error?.message).toBe(es)
    expect((await visitor('en').mutation('forms.contact', input)).error?.message).toBe(en)
    expect(await storedFrom(email)).toEqual([])
  })

  it('drops a message whose honeypot is filled, answering like a success', async () => {
    const before = setup.smtp.received.length
    const email = 'bot@example.com'
    const answer = await visitor().mutation('forms.contact', { ...message, email, website: 'https://spam.example' })
    expect(answer.status).toBe(200)
    expect(await storedFrom(email)).toEqual([])
    expect(setup.smtp.received.length).toBe(before)
  })

  it('cannot inject mail headers through the name', async () => {
    const before = setup.smtp.received.length
    const email = 'inject@example.com'
    const answer = await visitor().mutation('forms.contact', { ...message, email, name: 'Eve\r\nBcc: victim@example.com\r\nSubject: spam' })
    // Refused with a clear message (docs/decisions/013): nothing stored, nothing sent.
    expect(answer.status).toBe(400)
    expect(answer.error?.message).toBe('El texto contiene caracteres no permitidos')
    expect(await storedFrom(email)).toEqual([])
    expect(setup.smtp.received.length).toBe(before)
  })

  it('limits one client address to 5 messages in 15 minutes, with a message in its language', async () => {
    const spammer = visitor('en')
    const answers = []
    for (let i = 0; i < 6; i++) answers.push(await spammer.mutation('forms.contact', { ...message, email: `limit-${i}@example.com` }))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429])
    expect(answers[5]?.error?.message).toBe('Too many attempts. Please wait a few minutes and try again.')
    expect(await storedFrom('limit-5@example.com')).toEqual([])
    // Another address is not affected.
    expect((await visitor().mutation('forms.contact', { ...message, email: 'other-client@example.com' })).status).toBe(200)
  })
})

describe('admin.messages and admin.markAnswered', () => {
  it('lists visitor messages newest first and marks one answered, once', async () => {
    const admin = await shopperAs(setup.app, 'admin')
    await visitor().mutation('forms.contact', { ...message, email: 'newest@example.com', phone: '+44 7700 900123' })
    const page = (
      await admin.shopper.query<{ messages: Array<{ id: string; email: string; status: string; source: string }>; total: number }>('admin.messages', {
        page: 1,
      })
    ).data!
    // The phone as its country groups it; the stored one stays for the tel: link.
    expect(page.messages[0]).toMatchObject({ email: 'newest@example.com', status: 'new', source: 'contact', phoneDisplay: '+44 7700 900123' })
    expect(page.messages.every((m) => m.source === 'contact' || m.source === 'catalog_request')).toBe(true)
    const id = page.messages[0]!.id
    expect((await admin.shopper.mutation('admin.markAnswered', { id })).status).toBe(200)
    expect((await admin.shopper.mutation('admin.markAnswered', { id })).status).toBe(200)
    const again = (await admin.shopper.query<{ messages: Array<{ id: string; status: string }> }>('admin.messages', { page: 1 })).data!
    expect(again.messages.find((m) => m.id === id)?.status).toBe('answered')
    expect((await admin.shopper.mutation('admin.markAnswered', { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
  })
})

// Two instances on one Redis (REDIS_URL) count the same visitor's messages together. CI sets
// TEST_REDIS_URL, so there it must run.
const redisUrl = process.env.TEST_REDIS_URL
describe.skipIf(!redisUrl)('the contact limit shared through Redis', () => {
  it('refuses the sixth message of a client however the messages are spread over two instances', async () => {
    const instances = [await createTestApp({ env: { REDIS_URL: redisUrl! } }), await createTestApp({ env: { REDIS_URL: redisUrl! } })]
    try {
      // A fresh address each run: the window outlives the test in Redis.
      const ip = `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`
      const statuses = []
      for (let i = 0; i < 6; i++) {
        const shopper = httpShopper(instances[i % 2]!.app, { ip })
        statuses.push((await shopper.mutation('forms.contact', { ...message, email: `redis-${i}@example.com` })).status)
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    } finally {
      for (const instance of instances) await instance.app.close()
    }
  })
})
