import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildApp, defaultDistDir } from '../server/app.ts'
import { prepareDatabase } from '../server/prepare-database.ts'
import { loadEnv } from '../server/env.ts'
import { stagingEnv } from '../tests/helpers/staging-env.ts'

// `npm run bench`: server-rendered pages and API calls on 127.0.0.1, bounded in time, reported as
// medians and p95 (latency) and requests per second; plus the size of what a first visit downloads.
// Needs `npm run build`. Figures depend on the machine: compare runs on the same one.
const secondsPerTarget = Number(process.env.BENCH_SECONDS ?? 5)
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8)

const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'))
const env = loadEnv({
  ...process.env,
  ...stagingEnv(),
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  BETTER_AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
})
const database = await prepareDatabase(env, { info() {} })
const app = await buildApp({ env, database, logger: false })
const address = await app.listen({ port: 0, host: '127.0.0.1' })

async function measure(path: string, opts: { label?: string; cookie?: string } = {}) {
  const latencies: number[] = []
  const deadline = performance.now() + secondsPerTarget * 1000
  let failures = 0
  async function worker() {
    while (performance.now() < deadline) {
      const start = performance.now()
      const res = await fetch(`${address}${path}`, { headers: { 'accept-encoding': 'gzip', ...(opts.cookie ? { cookie: opts.cookie } : {}) } })
      await res.arrayBuffer()
      if (!res.ok) failures++
      latencies.push(performance.now() - start)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return {
    path: opts.label ?? path,
    requests: latencies.length,
    failures,
    rps: Math.round(latencies.length / elapsed),
    medianMs: at(0.5).toFixed(1),
    p95Ms: at(0.95).toFixed(1),
  }
}

const product = 'marmol-carrara-blanco'
const results = []
for (const path of [
  '/healthz',
  '/',
  '/shop',
  `/product/${product}`,
  `/trpc/catalog.products`,
  `/trpc/catalog.product?input=${encodeURIComponent(JSON.stringify({ slug: product }))}`,
]) {
  results.push(await measure(path))
}
// The same page for a shopper with a cart: rendered afresh each time (the HTML cache is for visitors).
const fresh = await measure(`/product/${product}`, { label: `/product/${product} (with a cart: rendered)`, cookie: 'cart_session_id=bench' })
results.push(fresh)
console.table(results)
const cached = results.find((r) => r.path === `/product/${product}`)
if (cached)
  console.log(`product page for a visitor (HTML cache) vs rendered: ${(cached.rps / Math.max(1, fresh.rps)).toFixed(1)}× the requests per second`)

// What a first visit to the home page downloads (gzip): the entry script, its imports, the CSS.
const assets = join(defaultDistDir, 'client/assets')
const sizes = readdirSync(assets)
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => ({ file: f, bytes: statSync(join(assets, f)).size, gzip: gzipSync(readFileSync(join(assets, f))).length }))
const html = await (await fetch(`${address}/`)).text()
const firstVisit = sizes.filter((s) => html.includes(`/assets/${s.file}`))
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`
console.log(
  `first visit to /: ${firstVisit.length} files, ${kb(firstVisit.reduce((t, s) => t + s.gzip, 0))} gzip (${kb(firstVisit.reduce((t, s) => t + s.bytes, 0))} raw)`,
)
console.log(`all client JS and CSS: ${kb(sizes.reduce((t, s) => t + s.gzip, 0))} gzip`)

await app.close()
rmSync(dataDir, { recursive: true, force: true })
