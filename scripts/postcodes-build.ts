import { readFileSync, writeFileSync } from 'node:fs'
import { foldTownName } from '../core/town-names.ts'

// `node scripts/postcodes-build.ts <ES.txt path or URL>`: server/postcodes/es-postcodes.tsv, the list
// of Spain's postal codes the server checks addresses against (docs/product.md#delivery), from
// GeoNames' postal code file for Spain (https://download.geonames.org/export/zip/ES.zip, unzipped:
// tab-separated, one row per place and postal code). server/postcodes/README.md says where the data
// comes from, its licence and date.
//
// Each output row: the postal code, the municipalities it serves (as the town is offered: "Los
// Montesinos", not GeoNames' "Montesinos, Los"), and the other places GeoNames names for it
// (districts, villages, urbanisations), which a shopper may also write as their town.

const source = process.argv[2]
if (!source) {
  console.error('usage: node scripts/postcodes-build.ts <ES.txt path or URL>')
  process.exit(1)
}
const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : readFileSync(source, 'utf8')

/** "Montesinos, Los" → "Los Montesinos"; "l'Alfàs del Pi" → "L'Alfàs del Pi": the name as an address writes it. */
function displayName(name: string): string {
  const moved = name.replace(/^(.+), (el|la|los|las|els|les|lo|o|a|os|as|es|sa|ses)$/i, '$2 $1').replace(/^(.+), (l'|s')$/i, '$2$1')
  return moved.charAt(0).toLocaleUpperCase('es') + moved.slice(1)
}

interface Row {
  postalCode: string
  place: string
  municipality: string
}

const rows: Row[] = []
for (const line of text.split(/\r?\n/)) {
  const columns = line.split('\t')
  // country, postal code, place, admin1 name and code, admin2 name and code, admin3 (municipality) name and code, lat, lng, accuracy
  if (columns.length < 9 || columns[0] !== 'ES' || !/^\d{5}$/.test(columns[1] ?? '')) continue
  rows.push({ postalCode: columns[1] ?? '', place: (columns[2] ?? '').trim(), municipality: (columns[7] ?? '').trim() })
}
if (rows.length < 30_000) throw new Error(`${rows.length} rows: not GeoNames' ES.txt (it has about 38,000)`)

// A row without its municipality (a post office's own code) names a place: its accented name when
// a municipality is called so ("Almeria" → "Almería").
const municipalityByFolded = new Map<string, string>()
for (const row of rows) if (row.municipality) municipalityByFolded.set(foldTownName(row.municipality), row.municipality)

const codes = new Map<string, { towns: string[]; places: string[] }>()
for (const row of rows) {
  const entry = codes.get(row.postalCode) ?? { towns: [], places: [] }
  codes.set(row.postalCode, entry)
  const municipality = row.municipality || municipalityByFolded.get(foldTownName(row.place))
  if (municipality && !entry.towns.includes(displayName(municipality))) entry.towns.push(displayName(municipality))
  if (!municipality || !entry.places.includes(row.place)) entry.places.push(row.place)
}

const lines = ['postal_code\ttowns\tother_places']
for (const [postalCode, entry] of [...codes].sort(([a], [b]) => a.localeCompare(b))) {
  const towns = entry.towns.length > 0 ? entry.towns : entry.places.slice(0, 1)
  const townKeys = new Set(towns.map(foldTownName))
  const seen = new Set<string>()
  const places = entry.places.filter((place) => {
    const key = foldTownName(place)
    if (townKeys.has(key) || seen.has(key)) return false
    seen.add(key)
    return true
  })
  lines.push(`${postalCode}\t${towns.join('|')}\t${places.join('|')}`)
}
const out = new URL('../server/postcodes/es-postcodes.tsv', import.meta.url)
writeFileSync(out, `${lines.join('\n')}\n`)
console.log(`${codes.size} postal codes from ${rows.length} rows written to server/postcodes/es-postcodes.tsv`)
