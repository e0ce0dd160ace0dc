import { describe, expect, it } from 'vitest'
import type { RegistroAlta, RegistroAnulacion } from '../../../core/verifactu.ts'
import { regFactuDocument, regFactuXml, soapEnvelope, verifactuNamespaces } from './xml.ts'

// The XML the AEAT receives: the schema's element order whatever the stored JSON's key order, text
// escaped, optional elements left out, both namespaces declared on the message.

const system = {
  NombreRazon: 'Paneles Torrevieja S.L.',
  NIF: 'B12345674',
  NombreSistemaInformatico: 'Panel Shop',
  IdSistemaInformatico: 'PS',
  Version: '1.0',
  NumeroInstalacion: '1',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'N',
  IndicadorMultiplesOT: 'N',
} as const
const obligado = { NombreRazon: 'Paneles Torrevieja S.L.', NIF: 'B12345674' }
const id = { IDEmisorFactura: 'B12345674', NumSerieFactura: 'R2026-000001', FechaExpedicionFactura: '01-12-2026' }

// Keys in another order than the schema's, as jsonb returns them.
const alta: RegistroAlta = {
  Huella: 'A'.repeat(64),
  TipoHuella: '01',
  FechaHoraHusoGenRegistro: '2026-12-01T11:00:00+01:00',
  SistemaInformatico: system,
  Encadenamiento: { RegistroAnterior: { ...id, NumSerieFactura: '2026-000009', Huella: 'B'.repeat(64) } },
  ImporteTotal: '-121.00',
  CuotaTotal: '-21.00',
  Desglose: [
    {
      CuotaRepercutida: '-21.00',
      BaseImponibleOimporteNoSujeto: '-100.00',
      TipoImpositivo: '21.00',
      CalificacionOperacion: 'S1',
      ClaveRegimen: '01',
      Impuesto: '01',
    },
  ],
  Destinatarios: [{ NombreRazon: 'Smith & <Sons> Ltd', IDOtro: { CodigoPais: 'GB', IDType: '04', ID: 'X1' } }],
  DescripcionOperacion: 'Panel mármol & piedra',
  FacturasRectificadas: [{ ...id, NumSerieFactura: '2026-000009' }],
  TipoRectificativa: 'I',
  TipoFactura: 'R1',
  NombreRazonEmisor: 'Paneles Torrevieja S.L.',
  IDFactura: id,
  IDVersion: '1.0',
}
const anulacion: RegistroAnulacion = {
  IDVersion: '1.0',
  IDFactura: { IDEmisorFacturaAnulada: 'B12345674', NumSerieFacturaAnulada: '2026-000009', FechaExpedicionFacturaAnulada: '01-12-2026' },
  Encadenamiento: { PrimerRegistro: 'S' },
  SistemaInformatico: system,
  FechaHoraHusoGenRegistro: '2026-12-01T11:00:00+01:00',
  TipoHuella: '01',
  Huella: 'C'.repeat(64),
}

const elementNames = (xml: string) => [...xml.matchAll(/<(?:sf|lr):(\w+)>/g)].map((match) => match[1])

describe('the message the AEAT receives', () => {
  it('writes a registro de alta in RegistroFacturacionAltaType’s order, escaped', () => {
    const xml = regFactuXml(obligado, [alta])
    expect(elementNames(xml)).toEqual(
      [
        'Cabecera',
        'ObligadoEmision',
        'NombreRazon',
        'NIF',
        'RegistroFactura',
        'RegistroAlta',
        'IDVersion',
        'IDFactura',
        'IDEmisorFactura',
        'NumSerieFactura',
      ]
        .concat(['FechaExpedicionFactura', 'NombreRazonEmisor', 'TipoFactura', 'TipoRectificativa', 'FacturasRectificadas', 'IDFacturaRectificada'])
        .concat([
          'IDEmisorFactura',
          'NumSerieFactura',
          'FechaExpedicionFactura',
          'DescripcionOperacion',
          'Destinatarios',
          'IDDestinatario',
          'NombreRazon',
        ])
        .concat(['IDOtro', 'CodigoPais', 'IDType', 'ID', 'Desglose', 'DetalleDesglose', 'Impuesto', 'ClaveRegimen', 'CalificacionOperacion'])
        .concat([
          'TipoImpositivo',
          'BaseImponibleOimporteNoSujeto',
          'CuotaRepercutida',
          'CuotaTotal',
          'ImporteTotal',
          'Encadenamiento',
          'RegistroAnterior',
        ])
        .concat(['IDEmisorFactura', 'NumSerieFactura', 'FechaExpedicionFactura', 'Huella', 'SistemaInformatico', 'NombreRazon', 'NIF'])
        .concat([
          'NombreSistemaInformatico',
          'IdSistemaInformatico',
          'Version',
          'NumeroInstalacion',
          'TipoUsoPosibleSoloVerifactu',
          'TipoUsoPosibleMultiOT',
        ])
        .concat(['IndicadorMultiplesOT', 'FechaHoraHusoGenRegistro', 'TipoHuella', 'Huella']),
    )
    expect(xml).toContain('<sf:NombreRazon>Smith &amp; &lt;Sons&gt; Ltd</sf:NombreRazon>')
    expect(xml).toContain('<sf:DescripcionOperacion>Panel mármol &amp; piedra</sf:DescripcionOperacion>')
    expect(xml.startsWith(`<lr:RegFactuSistemaFacturacion xmlns:lr="${verifactuNamespaces.lr}" xmlns:sf="${verifactuNamespaces.info}">`)).toBe(true)
  })

  it('writes a registro de anulación, the first of its chain, and wraps messages in SOAP or a document', () => {
    const xml = regFactuXml(obligado, [anulacion])
    expect(xml).toContain(
      '<sf:RegistroAnulacion><sf:IDVersion>1.0</sf:IDVersion><sf:IDFactura><sf:IDEmisorFacturaAnulada>B12345674</sf:IDEmisorFacturaAnulada>' +
        '<sf:NumSerieFacturaAnulada>2026-000009</sf:NumSerieFacturaAnulada><sf:FechaExpedicionFacturaAnulada>01-12-2026</sf:FechaExpedicionFacturaAnulada></sf:IDFactura>' +
        '<sf:Encadenamiento><sf:PrimerRegistro>S</sf:PrimerRegistro></sf:Encadenamiento><sf:SistemaInformatico>',
    )
    expect(soapEnvelope(xml)).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><soapenv:Envelope xmlns:soapenv="http:\/\/schemas.xmlsoap.org\/soap\/envelope\/"><soapenv:Header\/><soapenv:Body><lr:RegFactu/,
    )
    expect(regFactuDocument(obligado, [alta, anulacion])).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<lr:RegFactuSistemaFacturacion[\s\S]*<\/lr:RegFactuSistemaFacturacion>\n$/,
    )
    expect(() => regFactuXml(obligado, [])).toThrow('a message carries 1 to 1000 records')
    expect(() =>
      regFactuXml(
        obligado,
        Array.from({ length: 1001 }, () => anulacion),
      ),
    ).toThrow('a message carries 1 to 1000 records')
  })
})
