import { describe, expect, it } from 'vitest'
import { b2bRequestSchema } from './b2b.ts'
import { parseTaxId } from './tax-id.ts'

describe('parseTaxId', () => {
  it.each([
    ['NIF (DNI number and its control letter)', '12345678Z', '12345678Z'],
    ['NIF typed with separators and lower case', '12.345.678-z', '12345678Z'],
    ['NIE X', 'X1234567L', 'X1234567L'],
    ['NIE Y', 'Y0000000Z', 'Y0000000Z'],
    ['NIE Z', 'Z1234567R', 'Z1234567R'],
    ['CIF with a digit control (S.L.)', 'B03999992', 'B03999992'],
    ['CIF with a digit control (S.A.)', 'A58818501', 'A58818501'],
    ['CIF with a letter control (public body)', 'Q2826000H', 'Q2826000H'],
    ['Spanish VAT number (ES + CIF)', 'ES B03999992', 'ESB03999992'],
    ['German VAT', 'DE136695976', 'DE136695976'],
    ['French VAT', 'FR40303265045', 'FR40303265045'],
    ['Italian VAT', 'IT00743110157', 'IT00743110157'],
    ['Portuguese VAT', 'PT501964843', 'PT501964843'],
    ['Dutch VAT', 'NL004495445B01', 'NL004495445B01'],
    ['Austrian VAT', 'ATU13585627', 'ATU13585627'],
    ['Greek VAT (EL)', 'EL094259216', 'EL094259216'],
  ])('accepts a %s', (_what, raw, stored) => {
    expect(parseTaxId(raw)).toBe(stored)
  })

  it.each([
    ['NIF with the wrong control letter', '12345678A'],
    ['NIE with the wrong control letter', 'X1234567A'],
    ['CIF with the wrong control digit', 'B03999993'],
    ['German VAT with the wrong check digit', 'DE136695975'],
    ['VAT number of a country outside the EU', 'GB980780684'],
    ['Swiss UID', 'CHE123456789'],
    ['too short', '1234Z'],
    ['empty', ''],
    ['words', 'pending'],
  ])('refuses a %s', (_what, raw) => {
    expect(parseTaxId(raw)).toBeNull()
  })
})

describe('the B2B request schema', () => {
  const valid = { name: 'Marta Gil', company: 'Reformas Gil S.L.', email: 'marta@example.com', taxId: 'b-03999992', phone: '600111222' }

  it('stores the tax id normalised', () => {
    expect(b2bRequestSchema.parse(valid).taxId).toBe('B03999992')
  })

  it('carries the tax id message id for a bad tax id, beside its field', () => {
    const result = b2bRequestSchema.safeParse({ ...valid, taxId: '12345678A' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['taxId'], message: 'validation.tax_id_invalid' })])
  })

  it('requires every field', () => {
    const result = b2bRequestSchema.safeParse({ name: '', company: '', email: '', taxId: '', phone: '' })
    expect(result.error?.issues.map((i) => i.path[0]).sort()).toEqual(['company', 'email', 'name', 'phone', 'taxId'])
  })
})
