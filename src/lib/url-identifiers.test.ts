import { describe, expect, it } from 'vitest'
import { orderIdSchema, paymentSessionId, slugSchema } from '../../core/identifiers.ts'
import { isOrderId, isPaymentSessionId, isSlug } from './url-identifiers.ts'

describe('identifiers checked without zod', () => {
  const samples: unknown[] = [
    undefined,
    null,
    42,
    '',
    ' ',
    'marmol-carrara',
    'Marmol',
    'marmol carrara',
    ' marmol',
    'a'.repeat(120),
    'a'.repeat(121),
    '3f2c1a9e-7b4d-4e21-9c3a-5d6e7f8a9b0c',
    '3F2C1A9E-7B4D-4E21-9C3A-5D6E7F8A9B0C',
    '3f2c1a9e-7b4d-9e21-9c3a-5d6e7f8a9b0c',
    '3f2c1a9e-7b4d-4e21-7c3a-5d6e7f8a9b0c',
    '00000000-0000-0000-0000-000000000000',
    'cs_test_a1b2c3',
    'x'.repeat(200),
    'x'.repeat(201),
  ]

  it.each(samples.map((sample) => [String(sample).slice(0, 40), sample]))('agree with core/identifiers.ts on %s', (_, sample) => {
    expect(isSlug(sample)).toBe(slugSchema.safeParse(sample).success)
    expect(isOrderId(sample)).toBe(orderIdSchema.safeParse(sample).success)
    expect(isPaymentSessionId(sample)).toBe(paymentSessionId.safeParse(sample).success)
  })
})
