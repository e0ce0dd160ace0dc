import { median } from './load.ts'
import { printTable, type Row } from './table.ts'
import { dropBenchDatabase, prepareBenchDatabase } from './database.ts'
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts'
import { embeddedDatabase } from '../server/db/pglite.ts'
import { seedCatalog } from '../server/db/seed.ts'
import { searchProducts } from '../server/services/catalog.ts'
import { addSearchCatalog } from '../tests/helpers/search-catalog.ts'

// `npm run bench:search`: how long the shop's search (docs/decisions/035) takes in the database,
// uncached, on the embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, a scratch database made
// and dropped here), for today's catalog size and for thirty times the generated season. Each
// query runs for at most BENCH_SEARCH_MS (300 ms by default) or 200 times; the figure is its median.
const budgetMs = Number(process.env.BENCH_SEARCH_MS ?? 300)
const url = process.env.BENCH_DATABASE_URL?.replace(/\/[^/]*$/, '/shop_bench_search') ?? 'postgres://postgres@127.0.0.1:5432/shop_bench_search'
const queries = ['calacata', 'blanco brillo', 'oak', 'paneles', 'marmol gris mate', 'travertno beige']

async function timings(database: DatabaseHandle, label: string, copies: number): Promise<Row[]> {
  await addSearchCatalog(database.db, { copies })
  const rows: Row[] = []
  for (const query of queries) {
    const times: number[] = []
    const until = performance.now() + budgetMs
    let found = 0
    while (times.length < 200 && performance.now() < until) {
      const started = performance.now()
      found = (await searchProducts(database.db, query, { page: 1, limit: 24 })).total
      times.push(performance.now() - started)
    }
    rows.push({
      what: `${label}, ${copies * 65 + 13} panels: "${query}" (${found} found)`,
      measured: `${median(times).toFixed(2)} ms median of ${times.length}`,
      goal: '',
      met: null,
    })
  }
  return rows
}

const rows: Row[] = []
for (const copies of [1, 30]) {
  const pglite = embeddedDatabase()
  const embedded = openDatabase({ pglite })
  await embedded.migrate()
  await seedCatalog(embedded.db)
  rows.push(...(await timings(embedded, 'PGlite', copies)))
  await embedded.close()

  await dropBenchDatabase(url)
  await prepareBenchDatabase(url)
  const server = openDatabase({ url })
  try {
    rows.push(...(await timings(server, 'PostgreSQL', copies)))
  } finally {
    await server.close()
    await dropBenchDatabase(url)
  }
}
printTable(rows)
