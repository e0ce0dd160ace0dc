/**
 * Spain's postal codes and their towns (docs/product.md#delivery): an address's postal code is
 * checked against the list in server/postcodes/ (its source, licence and date in its README), and
 * its town against the code's. An unknown code or a town that does not match is refused unless the
 * shopper confirms them, so a gap in the open data never blocks a real address. The list stays on
 * the server (the pages ask `address.postcode`); it is read once, on first use, not at startup.
 */
import { readFile } from 'node:fs/promises'
import { AppError } from '../errors.ts'
import { messages } from '../../core/messages.ts'
import { postalCodePattern, provinceOf } from '../../core/provinces.ts'
import { townMatches } from '../../core/town-names.ts'

const listFile = new URL('../postcodes/es-postcodes.tsv', import.meta.url)

interface Entry {
  /** The municipalities the code serves, as the town is offered. */
  towns: string[]
  /** Other places the list names for it (districts, villages), accepted as the town too. */
  places: string[]
}

let list: Promise<Map<string, Entry>> | undefined

async function readList(): Promise<Map<string, Entry>> {
  const text = await readFile(listFile, 'utf8')
  const entries = new Map<string, Entry>()
  // The first line names the columns: postal code, towns, other places ("|" between names).
  for (const line of text.split('\n').slice(1)) {
    const [code, towns, places] = line.split('\t')
    if (!code || !towns) continue
    entries.set(code, { towns: towns.split('|'), places: places ? places.split('|') : [] })
  }
  return entries
}

function postcodeList(): Promise<Map<string, Entry>> {
  list ??= readList().catch((error: unknown) => {
    // A failed read is tried again on the next address rather than remembered.
    list = undefined
    throw error
  })
  return list
}

/**
 * What the address form shows for one postal code: whether the list knows it, its province, the
 * towns it offers and every name it accepts as the town (core/town-names.ts checks the one typed on
 * both sides). Only this code's names go to the page, never the list.
 */
export interface PostcodeInfo {
  postalCode: string
  known: boolean
  province: string | null
  towns: string[]
  names: string[]
}

export async function postcodeInfo(postalCode: string): Promise<PostcodeInfo> {
  const code = postalCode.trim()
  const entry = postalCodePattern.test(code) ? (await postcodeList()).get(code) : undefined
  return {
    postalCode: code,
    known: entry !== undefined,
    province: provinceOf(code) ?? null,
    towns: entry?.towns ?? [],
    names: entry ? [...entry.towns, ...entry.places] : [],
  }
}

/** How an address's postal code and town stand against the list. */
export type PostcodeCheck = { status: 'ok' } | { status: 'unknown' } | { status: 'mismatch'; towns: string[] }

export async function checkPostcodeTown(address: { postal_code: string; city: string }): Promise<PostcodeCheck> {
  const entry = (await postcodeList()).get(address.postal_code.trim())
  if (!entry) return { status: 'unknown' }
  return townMatches(address.city, [...entry.towns, ...entry.places]) ? { status: 'ok' } : { status: 'mismatch', towns: entry.towns }
}

/**
 * Refuses an address whose postal code the list does not know (beside the postal code) or whose
 * town is not the code's (beside the town, naming the code's towns), unless the shopper confirmed
 * them. Called by every path that keeps a shopper's address: checkout and the account's address.
 */
export async function checkAddressPostcode(address: { postal_code: string; city: string }, confirmed: boolean): Promise<void> {
  if (confirmed) return
  const check = await checkPostcodeTown(address)
  const values = { postalCode: address.postal_code.trim(), city: address.city.trim() }
  if (check.status === 'unknown') throw new AppError('BAD_REQUEST', messages.postalCodeNotListed, { field: 'postal_code', values })
  if (check.status === 'mismatch') {
    throw new AppError('BAD_REQUEST', messages.townNotOfPostalCode, { field: 'city', values: { ...values, towns: check.towns.join(', ') } })
  }
}
