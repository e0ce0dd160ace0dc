import { describe, expect, it } from 'vitest'
import { carrierChoices, carriers, trackingLink } from './carriers.ts'

describe('carrier tracking links', () => {
  it('offers the carriers the shop works with, then "other"', () => {
    expect(carrierChoices.map((choice) => (choice === 'other' ? 'other' : carriers[choice].name))).toEqual([
      'SEUR',
      'MRW',
      'Correos Express',
      'GLS',
      'Nacex',
      'DHL',
      'TIPSA',
      'other',
    ])
  })

  it("links a number to the carrier's tracking page, in the reader's language where the page has one", () => {
    expect(trackingLink({ carrierCode: 'seur', tracking: '12 34' }, 'en')).toEqual({
      url: 'https://www.seur.com/livetracking/?segOnlineIdentificador=1234&segOnlineIdioma=en',
      portal: false,
    })
    expect(trackingLink({ carrierCode: 'gls', tracking: 'A/B?1' }, 'es')?.url).toBe('https://gls-group.com/ES/es/seguimiento-envio/?match=A%2FB%3F1')
    // TIPSA's page takes no number: the buyer types it there.
    expect(trackingLink({ carrierCode: 'tipsa', tracking: '036001' }, 'es')).toEqual({
      url: 'https://www.tip-sa.com/es/localizacion-envios',
      portal: true,
    })
  })

  it('gives no link without a number, for another carrier, or for a code the list does not have', () => {
    expect(trackingLink({ carrierCode: 'seur', tracking: null }, 'es')).toBeNull()
    expect(trackingLink({ carrierCode: null, tracking: 'X1' }, 'es')).toBeNull()
    expect(trackingLink({ carrierCode: 'toString', tracking: 'X1' }, 'es')).toBeNull()
  })
})
