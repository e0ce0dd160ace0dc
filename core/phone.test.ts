import { describe, expect, it } from 'vitest'
import { phoneE164, spanishPhoneE164 } from './phone.ts'

describe('spanishPhoneE164 (docs/product.md#delivery)', () => {
  it.each([
    ['612 345 678', '+34612345678'],
    ['612345678', '+34612345678'],
    ['+34 612345678', '+34612345678'],
    ['+34 612 34 56 78', '+34612345678'],
    ['(+34) 612-345-678', '+34612345678'],
    ['0034 965-70-12-34', '+34965701234'],
    ['34612345678', '+34612345678'],
    ['965.70.12.34', '+34965701234'],
    ['\u00a0712 345 678 ', '+34712345678'],
    ['900 123 456', '+34900123456'],
    ['+34 865 123 456', '+34865123456'],
  ])('reads %j as %s', (input, expected) => {
    expect(spanishPhoneE164(input)).toBe(expected)
  })

  it.each([
    ['', 'empty'],
    ['12345', 'too short'],
    ['512 345 678', 'no Spanish number starts with 5'],
    ['012 345 678', 'a leading 0 is no Spanish trunk prefix'],
    ['6123456789', 'ten digits'],
    ['+33 612 345 678', 'a French number'],
    ['+34 12 345 678', 'eight digits after +34'],
    ['612 345 67a', 'a letter'],
    ['+346123456789', 'ten digits after +34'],
  ])('refuses %j (%s)', (input) => {
    expect(spanishPhoneE164(input)).toBeNull()
  })

  it('is idempotent: a stored E.164 number reads as itself', () => {
    expect(spanishPhoneE164('+34612345678')).toBe('+34612345678')
  })
})

describe('phoneE164: any country, with its code (docs/product.md#delivery)', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['+49 (0151) 2345-6789', '+49015123456789'],
    ['612 345 678', '+34612345678'],
    ['+34 612 34 56 78', '+34612345678'],
  ])('reads %j as %s', (input, expected) => {
    expect(phoneE164(input)).toBe(expected)
  })

  it.each([
    ['7700 900123', 'a foreign number without its country code'],
    ['+0 612 345 678', 'no country code starts with 0'],
    ['+44 123', 'too few digits'],
    ['+44 1234 5678 9012 3456', 'more than 15 digits'],
    ['+44 7700 9001x3', 'a letter'],
  ])('refuses %j (%s)', (input) => {
    expect(phoneE164(input)).toBeNull()
  })
})
