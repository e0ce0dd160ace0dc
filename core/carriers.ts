/**
 * The carriers the shop ships with (docs/product.md#fulfilment): the admin picks one when shipping, and
 * the shipped email and /orders link the tracking number to the carrier's own tracking page. One table,
 * so a carrier that changes its page is one line here. `portal` carriers take no number in the
 * address: the link opens their tracking page and the number is shown beside it to paste. "Otro"
 * (`other`) is any other carrier, by the name the admin types, without a link.
 */
import type { Language } from './language.ts'

interface Carrier {
  /** As printed on the order and in the email. */
  name: string
  /** The carrier's tracking page for a number. */
  trackingUrl: (tracking: string, language: Language) => string
  /** The page cannot be opened on a number: the customer pastes it. */
  portal?: true
}

const number = (tracking: string) => encodeURIComponent(tracking.replace(/\s+/g, ''))

export const carriers = {
  seur: {
    name: 'SEUR',
    trackingUrl: (tracking, language) => `https://www.seur.com/livetracking/?segOnlineIdentificador=${number(tracking)}&segOnlineIdioma=${language}`,
  },
  mrw: {
    name: 'MRW',
    trackingUrl: (tracking) => `https://www.mrw.es/seguimiento_envios/MRW_resultados_consultas.asp?modo=nacional&envio=${number(tracking)}`,
  },
  correos_express: {
    name: 'Correos Express',
    trackingUrl: (tracking) => `https://s.correosexpress.com/SeguimientoSinCP/search?shippingNumber=${number(tracking)}`,
  },
  gls: {
    name: 'GLS',
    trackingUrl: (tracking) => `https://gls-group.com/ES/es/seguimiento-envio/?match=${number(tracking)}`,
  },
  nacex: {
    name: 'Nacex',
    trackingUrl: (tracking) => `https://www.nacex.es/seguimientoDetalle.do?agencia_origen=&numero_albaran=${number(tracking)}`,
  },
  dhl: {
    name: 'DHL',
    trackingUrl: (tracking, language) =>
      `https://www.dhl.com/${language === 'en' ? 'es-en' : 'es-es'}/home/tracking/tracking-parcel.html?submit=1&tracking-id=${number(tracking)}`,
  },
  tipsa: {
    name: 'TIPSA',
    trackingUrl: () => 'https://www.tip-sa.com/es/localizacion-envios',
    portal: true,
  },
} as const satisfies Record<string, Carrier>

export type KnownCarrier = keyof typeof carriers
export const knownCarriers = Object.keys(carriers) as KnownCarrier[]
/** What the admin chooses from: the list, then "Otro". */
export const carrierChoices = [...knownCarriers, 'other'] as const
export type CarrierChoice = (typeof carrierChoices)[number]

export const isKnownCarrier = (code: string | null | undefined): code is KnownCarrier => code != null && Object.hasOwn(carriers, code)

/** The carrier's tracking page for a parcel, or null (another carrier, or no number given). */
export function trackingLink(
  shipment: { carrierCode: string | null; tracking: string | null },
  language: Language,
): { url: string; portal: boolean } | null {
  const { carrierCode, tracking } = shipment
  if (!isKnownCarrier(carrierCode) || !tracking) return null
  const carrier: Carrier = carriers[carrierCode]
  return { url: carrier.trackingUrl(tracking, language), portal: carrier.portal === true }
}

const squeezed = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')

/** The carrier on the list a name means ("SEUR", "Correos Express", "correos-express"), or null for another. */
export function carrierCodeOf(name: string): KnownCarrier | null {
  const wanted = squeezed(name)
  return knownCarriers.find((code) => squeezed(carriers[code].name) === wanted) ?? null
}
