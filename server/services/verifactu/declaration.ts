/**
 * The billing system's declaración responsable (RD 1007/2023 art. 13; Orden HAC/1177/2024 art. 15):
 * what the system is, what it does, who produced it and that it meets the rules. One text, in
 * Spanish as the law asks, from the system's settings: the owner's page shows it
 * (`/admin/verifactu/declaracion`) and docs/verifactu-declaracion.md is the same text with the
 * producer left to fill in (`npm run docs:declaracion` writes it).
 */
import type { SistemaInformatico } from '../../../core/verifactu.ts'
import { billingSystem } from './system.ts'

/** When this version of the system was declared: a new version declares again (and changes billingSystem.version). */
export const declaredOn = '27 de noviembre de 2026'

interface Section {
  title: string
  paragraphs?: string[]
  items?: string[]
}

function sections(system: SistemaInformatico, place: string): Section[] {
  return [
    {
      title: 'a) Sistema informático de facturación',
      items: [
        `Nombre: ${system.NombreSistemaInformatico}`,
        `Código identificador (IdSistemaInformatico): ${system.IdSistemaInformatico}`,
        `Versión: ${system.Version}`,
        `Número de instalación de esta tienda: ${system.NumeroInstalacion}`,
      ],
    },
    {
      title: 'b) Componentes y funcionalidades',
      paragraphs: [
        'Programa de tienda en línea (servidor Node.js con base de datos PostgreSQL) que expide las facturas de las ventas que cobra: facturas simplificadas (F2), completas (F1), completas en sustitución de simplificadas (F3) y rectificativas por diferencias (R1 y R5), en dos series correlativas por año.',
        'Al expedir cada factura, en la misma transacción de la base de datos, genera su registro de facturación de alta, encadenado al anterior mediante su huella SHA-256 según las especificaciones de la AEAT; la anulación de una factura expedida por error genera un registro de anulación encadenado del mismo modo. Los registros no se pueden modificar ni borrar.',
        'Imprime en cada factura el código QR con la dirección de cotejo de la AEAT y la frase «Factura verificable en la sede electrónica de la AEAT», y remite los registros a la AEAT por su servicio web con el certificado electrónico de la empresa, conservando cada respuesta.',
        'Ofrece al obligado tributario el libro registro de facturas expedidas y la exportación de los registros de un periodo en el formato de la AEAT.',
      ],
    },
    {
      title: 'c) Modalidad',
      paragraphs: [
        system.TipoUsoPosibleSoloVerifactu === 'S'
          ? 'El sistema se ha producido para funcionar exclusivamente como «sistema de emisión de facturas verificables» (VERI*FACTU): remite todos los registros que genera.'
          : 'El sistema puede funcionar como VERI*FACTU o no.',
      ],
    },
    {
      title: 'd) Obligados tributarios',
      paragraphs: [
        system.TipoUsoPosibleMultiOT === 'N'
          ? 'Cada instalación factura para un único obligado tributario: la empresa titular de la tienda.'
          : 'El sistema permite facturar para varios obligados tributarios.',
      ],
    },
    {
      title: 'e) Firma de los registros',
      paragraphs: ['No aplica: al ser un sistema VERI*FACTU, los registros se remiten a la AEAT y no se firman electrónicamente en el sistema.'],
    },
    {
      title: 'f) Productor',
      items: [`Nombre o razón social: ${system.NombreRazon}`, `NIF: ${system.NIF}`],
    },
    {
      title: 'g) Declaración',
      paragraphs: [
        `${system.NombreRazon}, con NIF ${system.NIF}, como productor del sistema informático de facturación «${system.NombreSistemaInformatico}», versión ${system.Version}, declara bajo su responsabilidad que dicho sistema cumple lo dispuesto en el artículo 29.2.j) de la Ley 58/2003, de 17 de diciembre, General Tributaria, en el Reglamento que establece los requisitos que deben adoptar los sistemas y programas informáticos o electrónicos que soporten los procesos de facturación de empresarios y profesionales, aprobado por el Real Decreto 1007/2023, de 5 de diciembre, en la Orden HAC/1177/2024, de 17 de octubre, y en las especificaciones técnicas publicadas en la sede electrónica de la Agencia Estatal de Administración Tributaria.`,
      ],
    },
    { title: 'h) Fecha y lugar', paragraphs: [`${place}, ${declaredOn}.`] },
  ]
}

const heading = `Declaración responsable del sistema informático de facturación ${billingSystem.name}`

/** The declaration as Markdown (the copy in docs/). */
export function declarationMarkdown(system: SistemaInformatico, place: string): string {
  const body = sections(system, place).map((section) =>
    [`## ${section.title}`, ...(section.paragraphs ?? []), ...(section.items ? [section.items.map((item) => `- ${item}`).join('\n')] : [])].join(
      '\n\n',
    ),
  )
  return `# ${heading}\n\n${body.join('\n\n')}\n`
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The declaration as a page of its own (the owner's page links it). */
export function declarationHtml(system: SistemaInformatico, place: string): string {
  const body = sections(system, place)
    .map(
      (section) =>
        `<h2>${escapeHtml(section.title)}</h2>` +
        (section.paragraphs ?? []).map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
        (section.items ? `<ul>${section.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''),
    )
    .join('\n')
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(heading)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}h1{font-size:1.5rem}h2{font-size:1.1rem;margin-top:1.5rem}</style></head>
<body><main><h1>${escapeHtml(heading)}</h1>
${body}
</main></body>
</html>
`
}

/** The copy in docs/: the system as it ships, its producer and installation left to fill in. */
export function documentedDeclaration(): string {
  const system: SistemaInformatico = {
    NombreRazon: '«nombre o razón social del productor»',
    NIF: '«NIF del productor»',
    NombreSistemaInformatico: billingSystem.name,
    IdSistemaInformatico: billingSystem.id,
    Version: billingSystem.version,
    NumeroInstalacion: '«VERIFACTU_INSTALLATION»',
    TipoUsoPosibleSoloVerifactu: 'S',
    TipoUsoPosibleMultiOT: 'N',
    IndicadorMultiplesOT: 'N',
  }
  return declarationMarkdown(system, '«lugar»')
}
