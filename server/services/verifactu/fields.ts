/**
 * How a VERI*FACTU record writes its values (docs/decisions/027): the AEAT's formats for dates,
 * times and amounts, used alike by the record, its hash and the QR code, so the three always agree.
 */

const spain = 'Europe/Madrid'

const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: spain,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
})

function partsInSpain(at: Date) {
  const parts = Object.fromEntries(dateParts.formatToParts(at).map((part) => [part.type, part.value]))
  // `GMT+01:00`; midnight UTC in winter prints `GMT` alone on some engines.
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : (parts.timeZoneName ?? '').replace('GMT', '')
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second, offset }
}

/** `dd-mm-yyyy`, the day in Spain: FechaExpedicionFactura, and the QR's `fecha`. */
export function aeatDate(at: Date): string {
  const { day, month, year } = partsInSpain(at)
  return `${day}-${month}-${year}`
}

/** `2026-11-27T18:20:30+01:00`, Spain's time with its offset: FechaHoraHusoGenRegistro. */
export function aeatTimestamp(at: Date): string {
  const { year, month, day, hour, minute, second, offset } = partsInSpain(at)
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`
}

/** Cents as the schema's amounts (ImporteSgn12.2Type): `123.45`, `-0.50`, always two decimals. */
export function aeatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an amount in cents: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** A rate in basis points as the schema's Tipo2.2Type: 2100 → `21.00`, 520 → `5.20`. */
export const aeatRate = (basisPoints: number): string => aeatAmount(basisPoints)
