import { describe, expect, it } from 'vitest'
import { spanishPhoneE164 } from './phone.ts'

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
