import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sharedTestApp } from '../helpers/shared-app.ts'
import { sampleCompany } from '../../core/company.ts'
import { seedProducts } from '../../server/db/seed-data.ts'

// The company's facts come from COMPANY_* variables and reach the browser with the server's HTML,
// so one build serves any deployment. A shop started with other facts than the samples shows those,
// and the client bundle holds none of the samples.
const facts = {
  COMPANY_NAME: 'Murales Sur',
  COMPANY_LEGAL_NAME: 'Murales Sur Decoración S.L.',
  COMPANY_TAX_ID: 'B12345674',
  COMPANY_EMAIL: 'hola@murales-sur.example',
  COMPANY_PHONE: '+34 950 11 22 33',
  COMPANY_WHATSAPP: '+34 699 88 77 66',
  COMPANY_STREET: 'Calle Real, 5',
  COMPANY_POSTAL_CODE: '04001',
  COMPANY_CITY: 'Almería',
  COMPANY_PROVINCE: 'Almería',
  COMPANY_HOURS_WEEKDAYS: '8:00–15:00',
  COMPANY_HOURS_SATURDAY: '9:30–12:30',
}

const t = sharedTestApp({ pages: true, env: facts })

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url })
  expect(res.statusCode).toBe(200)
  return res.body
}

describe('company facts on the pages', () => {
  it('/contact shows the facts of the environment, in the page and in the footer', async () => {
    const html = await page('/contact')
    expect(html).toContain('<title>Contacto y exposición | Murales Sur</title>')
    expect(html).toContain('Calle Real, 5, 04001 Almería (Almería)')
    expect(html).toContain('href="mailto:hola@murales-sur.example"')
    expect(html).toContain('href="tel:+34950112233"')
    expect(html).toContain('+34 950 11 22 33')
    expect(html).toContain('8:00–15:00')
    expect(html).toContain('9:30–12:30')
    expect(html).toContain('Murales Sur Decoración S.L.')
    expect(html).toContain('CIF B12345674')
    expect(html).toContain('https://wa.me/34699887766?text=')
    for (const sample of [sampleCompany.email, sampleCompany.phone, sampleCompany.taxId, sampleCompany.legalName, sampleCompany.address.street]) {
      expect(html).not.toContain(sample)
    }
  })

  it('the WhatsApp message speaks the page’s language and names the product in it', async () => {
    const product = seedProducts[0]!
    const message = (html: string) => decodeURIComponent(/https:\/\/wa\.me\/34699887766\?text=([^"]+)"/.exec(html)?.[1] ?? '')
    expect(message(await page('/'))).toBe('Hola, me interesan sus paneles decorativos. ¿Me pueden dar más información?')
    expect(message(await page('/en/'))).toBe('Hello, I am interested in your decorative panels. Could you give me more information?')
    expect(message(await page(`/product/${product.slug}`))).toBe(`Hola, me interesa el panel «${product.nameEs}». ¿Me pueden dar más información?`)
    expect(message(await page(`/en/product/${product.slug}`))).toBe(
      `Hello, I am interested in the panel “${product.nameEn}”. Could you give me more information?`,
    )
  })

  it('the legal notice names the legal entity and tax id of the environment', async () => {
    const html = await page('/terms')
    expect(html).toContain('Murales Sur Decoración S.L.')
    expect(html).toContain('B12345674')
    expect(html).not.toContain(sampleCompany.taxId)
  })

  it('the built client bundle holds none of the sample facts', () => {
    const assets = join(import.meta.dirname, '../../dist/client/assets')
    expect(existsSync(assets)).toBe(true)
    const code = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n')
    for (const sample of [
      sampleCompany.taxId,
      sampleCompany.email,
      sampleCompany.phone,
      sampleCompany.whatsappDigits,
      sampleCompany.address.street,
    ]) {
      expect(code).not.toContain(sample)
    }
  })
})
