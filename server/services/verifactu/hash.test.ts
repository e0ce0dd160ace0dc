import { describe, expect, it } from 'vitest'
import { altaHashInput, anulacionHashInput, fingerprint } from './hash.ts'

// The three worked examples of the AEAT's "Veri-Factu: especificaciones huella hash registros",
// v0.1.2 (27/08/2024), §6, to the last character of the text and of the fingerprint.
describe('the fingerprint of a billing record (AEAT hash specification §6)', () => {
  const first = {
    IDEmisorFactura: '89890001K',
    NumSerieFactura: '12345678/G33',
    FechaExpedicionFactura: '01-01-2024',
    TipoFactura: 'F1',
    CuotaTotal: '12.35',
    ImporteTotal: '123.45',
    previousHash: null,
    FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
  }

  it('case 1: the first registro de alta of a system, with no previous fingerprint', () => {
    const input = altaHashInput(first)
    expect(input).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    )
    expect(fingerprint(input)).toBe('3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60')
  })

  it('case 2: a registro de alta chained to the previous one', () => {
    const input = altaHashInput({
      ...first,
      NumSerieFactura: '12345679/G34',
      previousHash: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
    })
    expect(input).toBe(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345679/G34&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60&FechaHoraHusoGenRegistro=2024-01-01T19:20:35+01:00',
    )
    expect(fingerprint(input)).toBe('F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97')
  })

  it('case 3: a registro de anulación chained to the previous one', () => {
    const input = anulacionHashInput({
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: '12345679/G34',
      FechaExpedicionFacturaAnulada: '01-01-2024',
      previousHash: 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97',
      FechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
    })
    expect(input).toBe(
      'IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024&Huella=F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00',
    )
    expect(fingerprint(input)).toBe('177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68')
  })

  it('trims each value, as the XML value would be read (§3: " 12345678 / G33 " counts as "12345678 / G33")', () => {
    expect(altaHashInput({ ...first, NumSerieFactura: ' 12345678/G33 ' })).toBe(altaHashInput(first))
  })
})
