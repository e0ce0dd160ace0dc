import { unservedPostalCodePrefixes } from './served-zones.ts'
/**
 * Spain's 52 provinces by the first two digits of the postal code (Correos assigns one prefix per
 * province, 01 to 52, in the INE's alphabetical order). One table for the checkout form, which fills
 * the province as the shopper types, and for the server, which stores the province it derives here
 * rather than the text the browser sent (docs/product.md#delivery).
 */
export const provinces = {
  '01': 'Araba/Álava',
  '02': 'Albacete',
  '03': 'Alicante',
  '04': 'Almería',
  '05': 'Ávila',
  '06': 'Badajoz',
  '07': 'Illes Balears',
  '08': 'Barcelona',
  '09': 'Burgos',
  '10': 'Cáceres',
  '11': 'Cádiz',
  '12': 'Castellón',
  '13': 'Ciudad Real',
  '14': 'Córdoba',
  '15': 'A Coruña',
  '16': 'Cuenca',
  '17': 'Girona',
  '18': 'Granada',
  '19': 'Guadalajara',
  '20': 'Gipuzkoa',
  '21': 'Huelva',
  '22': 'Huesca',
  '23': 'Jaén',
  '24': 'León',
  '25': 'Lleida',
  '26': 'La Rioja',
  '27': 'Lugo',
  '28': 'Madrid',
  '29': 'Málaga',
  '30': 'Murcia',
  '31': 'Navarra',
  '32': 'Ourense',
  '33': 'Asturias',
  '34': 'Palencia',
  '35': 'Las Palmas',
  '36': 'Pontevedra',
  '37': 'Salamanca',
  '38': 'Santa Cruz de Tenerife',
  '39': 'Cantabria',
  '40': 'Segovia',
  '41': 'Sevilla',
  '42': 'Soria',
  '43': 'Tarragona',
  '44': 'Teruel',
  '45': 'Toledo',
  '46': 'Valencia',
  '47': 'Valladolid',
  '48': 'Bizkaia',
  '49': 'Zamora',
  '50': 'Zaragoza',
  '51': 'Ceuta',
  '52': 'Melilla',
} as const satisfies Record<string, string>

/** A Spanish postal code: exactly five digits. */
export const postalCodePattern = /^\d{5}$/

const unservedPrefixes: ReadonlySet<string> = new Set(unservedPostalCodePrefixes)

/** The province of a five-digit postal code, or undefined when the code is not Spanish. */
export function provinceOf(postalCode: string): string | undefined {
  const code = postalCode.trim()
  if (!postalCodePattern.test(code)) return undefined
  const byPrefix: Readonly<Partial<Record<string, string>>> = provinces
  return byPrefix[code.slice(0, 2)]
}

/** True for a valid Spanish postal code the shop cannot take online orders for. */
export function isUnservedPostalCode(postalCode: string): boolean {
  return provinceOf(postalCode) !== undefined && unservedPrefixes.has(postalCode.trim().slice(0, 2))
}
