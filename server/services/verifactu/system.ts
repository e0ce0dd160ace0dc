import type { Company } from '../../../core/company.ts'
import type { SistemaInformatico, VerifactuMode, VerifactuSettings } from '../../../core/verifactu.ts'

/**
 * The billing system as its declaración responsable names it (docs/verifactu-declaracion.md): the
 * name, the two-character id and the version every record carries. A release that changes how
 * records are made gets a new version here and in that document.
 */
export const billingSystem = { name: 'Panel Shop', id: 'PS', version: '1.0' } as const

/** Who made the system (its producer: the company itself unless configured) and which installation this is. */
export interface VerifactuProducer {
  name: string
  taxId: string
  installation: string
}

export function verifactuSettings(mode: VerifactuMode, producer: VerifactuProducer): VerifactuSettings {
  const system: SistemaInformatico = {
    NombreRazon: producer.name,
    NIF: producer.taxId,
    NombreSistemaInformatico: billingSystem.name,
    IdSistemaInformatico: billingSystem.id,
    Version: billingSystem.version,
    NumeroInstalacion: producer.installation,
    // The shop sends every record it makes: it cannot work as a non-VERI*FACTU system.
    TipoUsoPosibleSoloVerifactu: 'S',
    // One taxpayer: the company whose shop it is.
    TipoUsoPosibleMultiOT: 'N',
    IndicadorMultiplesOT: 'N',
  }
  return { mode, system }
}

/** The producer when none is configured: a shop that makes its own system is its producer. */
export const ownProducer = (company: Pick<Company, 'legalName' | 'taxId'>, installation = '1'): VerifactuProducer => ({
  name: company.legalName,
  taxId: company.taxId,
  installation,
})
