import { describe, expect, it } from 'vitest'
import { i18nFor } from './i18n/catalogs.ts'
import { translateMessage } from './i18n/translate-message.ts'
import { emptyShipping, shippingSchema } from './shipping.ts'

const english = i18nFor('en')
const spanish = i18nFor('es')

const valid = {
  full_name: '  Lucía Pérez ',
  email: ' lucia@example.com ',
  phone: '+34 600 111 222',
  address_line1: 'Calle Mayor 12, 3ºB',
  address_line2: '',
  city: 'Torrevieja',
  state: 'Alicante',
  postal_code: '03181',
  country: 'España',
}

describe('shippingSchema (docs/product.md#checkout)', () => {
  it('trims every field', () => {
    const parsed = shippingSchema.parse(valid)
    expect(parsed.full_name).toBe('Lucía Pérez')
    expect(parsed.email).toBe('lucia@example.com')
  })

  it.each([
    ['full_name', 'A', 'Name must be at least 2 characters'],
    ['full_name', '   A   ', 'Name must be at least 2 characters'],
    ['full_name', 'x'.repeat(101), 'Name must be at least 2 characters'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['phone', '12345', 'Phone must be at least 6 characters'],
    ['address_line1', 'C/ 1', 'Address is required'],
    ['city', ' ', 'City is required'],
    ['postal_code', '031', 'Postal code is required'],
    ['country', 'E', 'Country is required'],
  ])('rejects %s = %j with “%s”', (field, value, message) => {
    const result = shippingSchema.safeParse({ ...valid, [field]: value })
    expect(result.success).toBe(false)
    expect(translateMessage(english, result.error?.issues[0]?.message ?? '')).toBe(message)
    expect(translateMessage(spanish, result.error?.issues[0]?.message ?? '')).not.toBe(message)
    expect(result.error?.issues[0]?.path).toEqual([field])
  })

  it('reports the first failing field first, in form order', () => {
    const result = shippingSchema.safeParse(emptyShipping)
    expect(translateMessage(english, result.error?.issues[0]?.message ?? '')).toBe('Name must be at least 2 characters')
  })
})
