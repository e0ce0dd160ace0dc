import { median } from './load.ts'
import { printTable, type Row } from './table.ts'
import { dropBenchDatabase, prepareBenchDatabase } from './database.ts'
import { openDatabase, type DatabaseHandle } from '../server/db/client.ts'
import { embeddedDatabase } from '../server/db/pglite.ts'
import { seedCatalog } from '../server/db/seed.ts'
import { browseProducts, searchProducts } from '../server/services/catalog.ts'
import { addSearchCatalog } from '../tests/helpers/search-catalog.ts'
import { parseCatalogFilters } from '../core/catalog-filters.ts'

// `npm run bench:search`: how long the shop's search (docs/decisions/035) and its filtered lists
// with their counts (docs/decisions/036) take in the database, uncached, on the embedded PGlite and
// on PostgreSQL (BENCH_DATABASE_URL, a scratch database made and dropped here), for today's catalog
// size and for thirty times the generated season. Each query runs for at most BENCH_SEARCH_MS
// (300 ms by default) or 200 times; the figure is its median.
const budgetMs = Number(process.env.BENCH_SEARCH_MS ?? 300)
const url = process.env.BENCH_DATABASE_URL?.replace(/\/[^/]*$/, '/shop_bench_search') ?? 'postgres://postgres@127.0.0.1:5432/shop_bench_search'
const queries = ['calacata', 'blanco brillo', 'oak', 'paneles', 'marmol gris mate', 'travertno beige']
/** The shop's lists as URLs ask for them: the whole shop, a shopper's narrowing, a category by newest. */
const lists: { label: string; categorySlug?: string; search: Record<string, unknown> }[] = [
  { label: '/shop', search: {} },
  { label: '/shop?look=marble&finish=gloss&max=100&sort=price-asc', search: { look: 'marble', finish: 'gloss', max: 100, sort: 'price-asc' } },
  { label: '/category/madera?colour=brown&colour=grey&sort=newest', categorySlug: 'madera', search: { colour: ['brown', 'grey'], sort: 'newest' } },
]

/** The median of running `run` for at most `budgetMs` or 200 times, and what its last run answered. */
async function measure<T>(run: () => Promise<T>): Promise<{ times: number[]; last: T | undefined }> {
  const times: number[] = []
  const until = performance.now() + budgetMs
  let last: T | undefined
  while (times.length < 200 && performance.now() < until) {
    const started = performance.now()
    last = await run()
    times.push(performance.now() - started)
  }
  return { times, last }
}

async function timings(database: DatabaseHandle, label: string, copies: number): Promise<Row[]> {
  await addSearchCatalog(database.db, { copies })
  const rows: Row[] = []
  for (const query of queries) {
    const { times, last } = await measure(() => searchProducts(database.db, query, { page: 1, limit: 24 }))
    rows.push({
      what: `${label}, ${copies * 65 + 13} panels: "${query}" (${last?.total ?? 0} found)`,
      measured: `${median(times).toFixed(2)} ms median of ${times.length}`,
      goal: '',
      met: null,
    })
  }
  for (const list of lists) {
    const filters = parseCatalogFilters(list.search)
    const { times, last } = await measure(() => browseProducts(database.db, { categorySlug: list.categorySlug, filters }, 'retail'))
    rows.push({
      what: `${label}, ${copies * 65 + 13} panels: ${list.label} with its counts (${last?.products.length ?? 0} listed)`,
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
