import { describe, expect, it } from 'vitest'
import { i18nFor } from './i18n/catalogs.ts'
import { translateMessage } from './i18n/translate-message.ts'
import { countryName, emptyShipping, shippingSchema } from './shipping.ts'
import { isUnservedPostalCode, provinceOf, provinces } from './provinces.ts'

const english = i18nFor('en')
const spanish = i18nFor('es')

const valid = {
  full_name: '  Lucía Pérez ',
  email: ' lucia@example.com ',
  phone: '612 345 678',
  address_line1: 'Calle Mayor 12, 3ºB',
  address_line2: '',
  postal_code: '03181',
  city: 'Torrevieja',
  state: '',
  country: 'ES',
}

/** The first issue's message in both languages, and the field it is about. */
function firstIssue(input: unknown) {
  const result = shippingSchema.safeParse(input)
  const issue = result.error?.issues[0]
  return {
    success: result.success,
    en: translateMessage(english, issue?.message ?? ''),
    es: translateMessage(spanish, issue?.message ?? ''),
    path: issue?.path,
  }
}

describe('shippingSchema (docs/product.md#delivery)', () => {
  it('trims every field and stores the phone in E.164, the country as ES, the province from the postal code', () => {
    const parsed = shippingSchema.parse(valid)
    expect(parsed).toMatchObject({
      full_name: 'Lucía Pérez',
      email: 'lucia@example.com',
      phone: '+34612345678',
      postal_code: '03181',
      state: 'Alicante',
      country: 'ES',
    })
  })

  it('accepts 03181 with the province Alicante, and 07001 with Illes Balears (served)', () => {
    expect(shippingSchema.parse(valid).state).toBe('Alicante')
    expect(shippingSchema.parse({ ...valid, postal_code: '07001', city: 'Palma' }).state).toBe('Illes Balears')
  })

  it('never keeps the province the browser sent', () => {
    expect(shippingSchema.parse({ ...valid, state: 'Madrid' }).state).toBe('Alicante')
  })

  it.each([
    ['612 345 678', '+34612345678'],
    ['+34 612345678', '+34612345678'],
    ['0034 965-70-12-34', '+34965701234'],
    ['+34612345678', '+34612345678'],
  ])('normalises the phone %j to %s', (phone, stored) => {
    expect(shippingSchema.parse({ ...valid, phone }).phone).toBe(stored)
  })

  it('reads the country names stored before the list ("España", "Spain") as ES', () => {
    expect(shippingSchema.parse({ ...valid, country: 'España' }).country).toBe('ES')
    expect(shippingSchema.parse({ ...valid, country: ' spain ' }).country).toBe('ES')
  })

  it.each([
    ['postal_code', 'ABCDE', 'Enter a 5-digit postal code, e.g. 03181', 'Introduzca un código postal de 5 cifras, p. ej. 03181'],
    ['postal_code', '0318', 'Enter a 5-digit postal code, e.g. 03181', 'Introduzca un código postal de 5 cifras, p. ej. 03181'],
    ['postal_code', '', 'Postal code is required', 'El código postal es obligatorio'],
    ['postal_code', '12', 'Postal code is required', 'El código postal es obligatorio'],
    ['postal_code', '60001', 'Spanish postal codes start with 01 to 52, e.g. 03181', undefined],
    ['postal_code', '00123', 'Spanish postal codes start with 01 to 52, e.g. 03181', undefined],
    [
      'postal_code',
      '35001',
      'The Canary Islands, Ceuta and Melilla have other taxes (IGIC, IPSI): we cannot take the order online. Ask us for a quote.',
      'Las Islas Canarias, Ceuta y Melilla tienen otros impuestos (IGIC, IPSI): no podemos tomar el pedido en línea. Pídanos un presupuesto.',
    ],
    // Under 6 characters, the client's specification's words first.
    ['phone', '12345', 'Phone must be at least 6 characters', 'El teléfono debe tener al menos 6 caracteres'],
    [
      'phone',
      '512 345 678',
      'Enter a phone number: a Spanish one (612 345 678) or another with its country code (+44 7700 900123)',
      'Introduzca un teléfono: uno español (612 345 678) u otro con su prefijo de país (+44 7700 900123)',
    ],
    ['phone', '+0 612 345 678', 'Enter a phone number: a Spanish one (612 345 678) or another with its country code (+44 7700 900123)', undefined],
    ['country', 'Españaa', 'Choose the country from the list', undefined],
    ['country', 'FR', 'Choose the country from the list', undefined],
    ['full_name', 'A', 'Name must be at least 2 characters', undefined],
    ['email', 'not-an-email', 'Invalid email address', undefined],
    ['address_line1', 'C/ 1', 'Address is required', undefined],
    ['city', ' ', 'City is required', undefined],
  ])('refuses %s = %j with “%s”', (field, value, en, es) => {
    const issue = firstIssue({ ...valid, [field]: value })
    expect(issue.success).toBe(false)
    expect(issue.path).toEqual([field])
    expect(issue.en).toBe(en)
    // Every message has its Spanish text in the catalog.
    if (es) expect(issue.es).toBe(es)
    else expect(issue.es).not.toBe(en)
  })

  it.each(['35001', '38001', '51001', '52001'])('refuses %s as a zone not served online', (postal_code) => {
    expect(firstIssue({ ...valid, postal_code }).en).toMatch(/^The Canary Islands, Ceuta and Melilla/)
  })

  it('reports the first failing field first, in form order', () => {
    expect(firstIssue(emptyShipping).en).toBe('Name must be at least 2 characters')
  })

  it('parses its own output again unchanged (the client sends what it parsed)', () => {
    const once = shippingSchema.parse(valid)
    expect(shippingSchema.parse(once)).toEqual(once)
  })
})

describe('provinces', () => {
  it('has the 52 prefixes 01 to 52', () => {
    expect(Object.keys(provinces).sort()).toEqual(Array.from({ length: 52 }, (_, i) => String(i + 1).padStart(2, '0')))
  })

  it('reads the province from a postal code, and nothing from a malformed one', () => {
    expect(provinceOf('03181')).toBe('Alicante')
    expect(provinceOf('28013')).toBe('Madrid')
    expect(provinceOf('07001')).toBe('Illes Balears')
    expect(provinceOf('53001')).toBeUndefined()
    expect(provinceOf('3181')).toBeUndefined()
  })

  it('serves the Balearic Islands but not the Canary Islands, Ceuta or Melilla', () => {
    expect(isUnservedPostalCode('07001')).toBe(false)
    expect(isUnservedPostalCode('35001')).toBe(true)
    expect(isUnservedPostalCode('38001')).toBe(true)
    expect(isUnservedPostalCode('51001')).toBe(true)
    expect(isUnservedPostalCode('52001')).toBe(true)
    expect(isUnservedPostalCode('ABCDE')).toBe(false)
  })
})

describe('countryName', () => {
  it('shows the stored code (or an old stored name) in the reader’s language', () => {
    expect(countryName(english, 'ES')).toBe('Spain')
    expect(countryName(spanish, 'ES')).toBe('España')
    expect(countryName(english, 'España')).toBe('Spain')
    expect(countryName(spanish, 'Portugal')).toBe('Portugal')
  })
})
