import { describe, expect, it } from 'vitest'
import { billingFormValues, billingSchema, buyerTaxId, wholesaleBilling } from './billing.ts'
import { countryCodes } from './billing-fields.ts'
import { correctiveTypeFor, fullInvoiceRequired, invoiceTypeFor, seriesOf, simplifiedInvoiceLimitCents } from './invoices.ts'
import { messages } from './messages.ts'

// Who a full invoice is made out to, and which invoice an order gets (docs/decisions/026).

describe('billing details', () => {
  it('knows a Spanish NIF, NIE or CIF as a NIF, with or without ES and separators', () => {
    expect(buyerTaxId('b-03999992')).toEqual({ taxId: 'B03999992', idType: 'nif', country: 'ES' })
    expect(buyerTaxId('ES 12345678Z')).toEqual({ taxId: '12345678Z', idType: 'nif', country: 'ES' })
    expect(buyerTaxId('X1234567L')).toEqual({ taxId: 'X1234567L', idType: 'nif', country: 'ES' })
  })

  it('knows another EU state’s VAT number as IDOtro 02 with its country (Greece’s EL is GR)', () => {
    expect(buyerTaxId('DE136695976')).toEqual({ taxId: 'DE136695976', idType: '02', country: 'DE' })
    expect(buyerTaxId('EL094259216')).toEqual({ taxId: 'EL094259216', idType: '02', country: 'GR' })
    expect(buyerTaxId('B03999993')).toBeNull()
    expect(buyerTaxId('GB123456789')).toBeNull()
  })

  it('takes a passport (03) or another document (04) with a country from the list, and says which field is wrong', () => {
    expect(billingSchema.parse({ name: ' Sarah Jones ', idKind: 'passport', taxId: 'ab 123-456', country: 'GB' })).toEqual({
      name: 'Sarah Jones',
      taxId: 'AB123456',
      idType: '03',
      country: 'GB',
    })
    expect(billingSchema.parse({ name: 'Ola Nordmann', idKind: 'foreign_id', taxId: 'N12345', country: 'NO' })).toMatchObject({ idType: '04' })
    const refused = billingSchema.safeParse({ name: 'S', idKind: 'passport', taxId: '1', country: 'XX' })
    expect(refused.success).toBe(false)
    const issues = refused.error!.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues).toEqual(
      expect.arrayContaining([
        ['name', messages.billingNameRequired.id],
        ['taxId', messages.foreignIdInvalid.id],
        ['country', messages.countryFromList.id],
      ]),
    )
    // A Spanish passport is the AEAT's IDOtro 03 with ES; any other Spanish document is a NIF.
    expect(billingSchema.parse({ name: 'Marta Ruiz', idKind: 'passport', taxId: 'PAA123456', country: 'ES' })).toMatchObject({
      idType: '03',
      country: 'ES',
    })
    expect(billingSchema.safeParse({ name: 'Marta Ruiz', idKind: 'foreign_id', taxId: 'X1234567', country: 'ES' }).error!.issues).toEqual([
      expect.objectContaining({ path: ['country'], message: messages.spanishDocumentIsTaxId.id }),
    ])
    expect(billingSchema.safeParse({ name: 'Reformas SL', idKind: 'tax_id', taxId: 'B03999993' }).error!.issues[0]).toMatchObject({
      path: ['taxId'],
      message: messages.taxIdInvalid.id,
    })
  })
})

describe('which invoice an order gets', () => {
  it('is simplified for a consumer up to 3.000 €, delivery counted, and full above it or with a named buyer', () => {
    const named = wholesaleBilling('Cocinas Levante S.L.', 'A58818501')
    expect(invoiceTypeFor({ totalCents: simplifiedInvoiceLimitCents, billing: null })).toBe('F2')
    expect(invoiceTypeFor({ totalCents: simplifiedInvoiceLimitCents + 1, billing: null })).toBe('F1')
    expect(invoiceTypeFor({ totalCents: 100, billing: named })).toBe('F1')
    expect(fullInvoiceRequired(simplifiedInvoiceLimitCents)).toBe(false)
    expect(fullInvoiceRequired(simplifiedInvoiceLimitCents + 1)).toBe(true)
  })

  it('corrects a simplified invoice with an R5 and a full one with an R1, each in its series', () => {
    expect(correctiveTypeFor('F2')).toBe('R5')
    expect(correctiveTypeFor('F1')).toBe('R1')
    expect(correctiveTypeFor('F3')).toBe('R1')
    expect(['F1', 'F2', 'F3'].map((t) => seriesOf(t as 'F1'))).toEqual(['invoice', 'invoice', 'invoice'])
    expect(seriesOf('R5')).toBe('corrective')
  })
})

describe('the countries of foreign documents', () => {
  it('are the 249 ISO 3166-1 codes, Spain included', () => {
    expect(countryCodes).toHaveLength(249)
    expect(countryCodes).toContain('ES')
    expect(new Set(countryCodes).size).toBe(249)
  })

  it('round-trip through the form', () => {
    const stored = billingSchema.parse({ name: 'Sarah Jones', idKind: 'passport', taxId: 'X1234567', country: 'IE' })
    expect(billingSchema.parse(billingFormValues(stored))).toEqual(stored)
    const nif = billingSchema.parse({ name: 'Reformas SL', idKind: 'tax_id', taxId: 'B03999992' })
    expect(billingFormValues(nif)).toEqual({ name: 'Reformas SL', idKind: 'tax_id', taxId: 'B03999992', country: '' })
  })
})
