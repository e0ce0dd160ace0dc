import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { defaultDistDir } from '../server/app.ts'
import { openDatabase } from '../server/db/client.ts'
import { categories, products, profiles, user } from '../server/db/schema/index.ts'
import { dropBenchDatabase, prepareBenchDatabase } from './database.ts'
import { Browser, journey, JourneyError, steps, TimeUp, type Language, type Product, type ShopperKind, type Target } from './journey.ts'
import { Latencies, Tally } from './latency.ts'
import { machineCpuSeconds, ownCpuSeconds, pinSelfThreads, startServer, type ServerProcess } from './processes.ts'
import { shopCommand, shopEnv, shopNodeArgs } from './shop-command.ts'
import { imageLayout } from './image-layout.ts'
import { printTable, type Row } from './table.ts'

// `npm run bench:load`: virtual shoppers on 127.0.0.1 browse, add to the cart and pay through the
// test payment provider, against one instance of the shop and then two (one PostgreSQL database and
// one Redis for both). Bounded in time: setup, the runs and teardown take about 3 minutes with the
// defaults. Knobs: see README.md#load-test.
const knob = (name: string, fallback: number, min = 0) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}`)
  return value
}
const shopperCount = Math.round(knob('LOAD_SHOPPERS', 200, 1))
const seconds = knob('LOAD_SECONDS', 60, 1)
const warmupSeconds = knob('LOAD_WARMUP_SECONDS', 5)
const thinkMs = knob('LOAD_THINK_MS', 1000)
const timeoutMs = knob('LOAD_TIMEOUT_MS', 10_000, 1)
const signedInShare = knob('LOAD_SIGNED_IN_SHARE', 0.3)
const b2bShare = knob('LOAD_B2B_SHARE', 0.1)
if (signedInShare + b2bShare > 1) throw new Error('LOAD_SIGNED_IN_SHARE + LOAD_B2B_SHARE must be ≤ 1')
const instanceCounts = (process.env.LOAD_INSTANCES ?? '1,2').split(',').map((n) => {
  const count = Number(n)
  if (!Number.isInteger(count) || count < 1) throw new Error('LOAD_INSTANCES: a list of instance counts, such as "1,2"')
  return count
})
const databaseUrl = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_bench_load'
const redisUrl = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379'
// A passphrase the shop's password rules accept (a word like "password" in it is refused as common).
const password = 'harbour-quartz-lantern-41'
const pageGoalMs = 1000

for (const file of ['client/.vite/manifest.json', 'server/entry-server.js']) {
  if (!existsSync(join(defaultDistDir, file))) {
    console.error(`No build: ${join(defaultDistDir, file)} is missing. Run \`npm run build\` first, then \`npm run bench:load\`.`)
    process.exit(1)
  }
}

const started = performance.now()
const log = (message: string) => console.error(`[load ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`)
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

/**
 * A client address per journey (checkout and sign-in are limited per address, and Redis keeps the
 * counts for 10 minutes): 10.x.y.z from a random start, so a rerun does not meet its own counts.
 */
let nextAddress = Math.floor(Math.random() * 2 ** 24)
const newAddress = () => {
  const n = nextAddress++ % 2 ** 24
  return `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`
}

interface VirtualShopper {
  index: number
  kind: ShopperKind
  language: Language
  email: string
  /** A signed-in shopper's browser, kept across journeys (its session cookie); a guest gets a new one per journey. */
  browser: Browser | null
}

/** B2B first, then signed-in customers, then guests; every fifth shopper browses in English. */
// Addresses new to each run: sign-ups per address are limited for an hour, in Redis.
const runTag = Math.random().toString(36).slice(2, 8)
const roster: VirtualShopper[] = Array.from({ length: shopperCount }, (_, index) => {
  const kind: ShopperKind =
    index < Math.round(shopperCount * b2bShare) ? 'b2b' : index < Math.round(shopperCount * (b2bShare + signedInShare)) ? 'customer' : 'guest'
  const email = kind === 'guest' ? `guest-${index}@example.com` : `bench-${runTag}-${kind}-${index}@example.com`
  return { index, kind, language: index % 5 === 4 ? 'en' : 'es', email, browser: null }
})
const accounts = roster.filter((shopper) => shopper.kind !== 'guest')

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]
        if (item !== undefined) await work(item)
      }
    }),
  )
}

/** The catalog as the database holds it: ids, category slugs, both prices. */
async function readProducts(): Promise<Product[]> {
  const handle = openDatabase({ url: databaseUrl })
  try {
    const rows = await handle.db
      .select({
        id: products.id,
        slug: products.slug,
        categorySlug: categories.slug,
        nameEs: products.nameEs,
        nameEn: products.nameEn,
        priceRetailCents: products.priceRetailCents,
        priceWholesaleCents: products.priceWholesaleCents,
      })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
    return rows.map(({ nameEs, nameEn, ...row }) => ({ ...row, name: { es: nameEs, en: nameEn } }))
  } finally {
    await handle.close()
  }
}

/**
 * The signed-in shoppers' accounts: a real sign-up through better-auth each (its own client
 * address), then the address marked verified and the B2B accounts approved in the database, as an
 * opened email link and an admin's approval (services/b2b.ts) would (tests/helpers/accounts.ts).
 */
async function createAccounts(target: Target) {
  await eachLimited(accounts, 4, async (shopper) => {
    const browser = new Browser(target, { address: newAddress(), language: shopper.language })
    await browser.auth('sign-up', 'sign-up/email', { email: shopper.email, password, name: `Bench ${shopper.kind} ${shopper.index}` })
  })
  const handle = openDatabase({ url: databaseUrl })
  try {
    const emails = accounts.map((shopper) => shopper.email)
    const created = await handle.db
      .update(user)
      .set({ emailVerified: true })
      .where(inArray(user.email, emails))
      .returning({ id: user.id, email: user.email })
    if (created.length !== accounts.length) throw new Error(`${created.length} of ${accounts.length} accounts were created`)
    const b2b = new Set(accounts.filter((shopper) => shopper.kind === 'b2b').map((shopper) => shopper.email))
    const b2bIds = created.filter((row) => b2b.has(row.email)).map((row) => row.id)
    if (b2bIds.length > 0) await handle.db.update(profiles).set({ approvedB2b: true }).where(inArray(profiles.userId, b2bIds))
  } finally {
    await handle.close()
  }
}

interface Phase {
  until: number
  latencies: Latencies
  errors: Tally
  journeys: number
}

/** One shopper's loop: journeys one after another until the deadline. */
async function shop(shopper: VirtualShopper, target: Target, catalog: readonly Product[], phase: Phase, rampMs: number) {
  const pause = thinkMs > 0 ? () => sleep(thinkMs * (0.5 + Math.random())) : () => Promise.resolve()
  // Arrivals spread over the ramp rather than all in the same millisecond.
  await sleep(Math.random() * rampMs)
  while (performance.now() < phase.until) {
    // A guest is a new visitor each time; a signed-in shopper keeps its session, from a new address.
    const browser = shopper.browser ?? new Browser(target, { address: newAddress(), language: shopper.language })
    browser.address = newAddress()
    try {
      await journey({
        browser,
        kind: shopper.kind,
        product: pick(catalog),
        quantity: 1 + Math.floor(Math.random() * 3),
        email: shopper.email,
        latencies: phase.latencies,
        pause,
        until: phase.until,
      })
      phase.journeys++
    } catch (error) {
      if (error instanceof TimeUp) break
      phase.errors.add(error instanceof JourneyError ? error.message : `unexpected: ${String(error)}`)
    }
  }
}

async function signIn(target: Target, latencies: Latencies, errors: Tally) {
  await eachLimited(accounts, 4, async (shopper) => {
    const browser = new Browser(target, { address: newAddress(), language: shopper.language })
    const at = performance.now()
    try {
      await browser.auth('sign-in', 'sign-in/email', { email: shopper.email, password })
      if (![...browser.jar.keys()].some((name) => name.includes('session_token'))) throw new JourneyError('sign-in', 'no session cookie')
      latencies.record('sign-in', performance.now() - at)
      shopper.browser = browser
    } catch (error) {
      errors.add(error instanceof JourneyError ? error.message : `sign-in: ${String(error)}`)
    }
  })
}

interface RunFigures {
  instances: number
  latencies: Latencies
  errors: Tally
  warmupErrors: Tally
  journeys: number
  elapsedSeconds: number
  servers: Array<{ label: string; peakMb: number; endMb: number; cpuPercent: number }>
  loadCpuPercent: number
  machineCpuPercent: number
}

async function run(instances: number, catalog: readonly Product[], app: string, scratch: string, first: boolean): Promise<RunFigures> {
  const command = shopCommand()
  const servers: ServerProcess[] = []
  try {
    // One public URL for all, as behind a load balancer: the first instance's address.
    let publicUrl: string | null = null
    for (let i = 0; i < instances; i++) {
      const server = await startServer(join(app, command.script), {
        label: `instance ${String.fromCharCode(65 + i)}`,
        // One core each (two at most on this machine); the load generator takes the other core on one instance.
        cpu: i % 2,
        healthPath: '/healthz',
        nodeArgs: shopNodeArgs(command),
        env: (port) => ({
          ...shopEnv({ databaseUrl, dataDir: join(scratch, 'data'), publicUrl: publicUrl ?? `http://127.0.0.1:${port}` }),
          REDIS_URL: redisUrl,
          TRUST_PROXY: '127.0.0.1',
        }),
      })
      publicUrl ??= server.url
      servers.push(server)
    }
    if (!publicUrl) throw new Error('no instance')
    const target: Target = { instances: servers.map((server) => server.url), publicUrl, timeoutMs }
    if (!pinSelfThreads(instances === 1 ? '1' : '0,1')) log('taskset not available: servers and load generator share the CPUs')
    log(`${instances} instance(s): ${target.instances.join(', ')} (pids ${servers.map((server) => server.pid).join(', ')})`)

    if (first && accounts.length > 0) {
      log(`creating ${accounts.length} accounts (sign-up through the API)`)
      await createAccounts(target)
    }
    const latencies = new Latencies()
    const errors = new Tally()
    log(`signing in ${accounts.length} shoppers`)
    await signIn(target, latencies, errors)

    // Warm-up (not counted): the JIT, the pools and the HTML caches, as a running shop has them.
    const warmupErrors = new Tally()
    if (warmupSeconds > 0) {
      log(`warm-up: ${warmupSeconds} s`)
      const warmup: Phase = { until: performance.now() + warmupSeconds * 1000, latencies: new Latencies(), errors: warmupErrors, journeys: 0 }
      await Promise.all(roster.slice(0, 20).map((shopper) => shop(shopper, target, catalog, warmup, 0)))
    }

    log(`${shopperCount} shoppers for ${seconds} s`)
    const phase: Phase = { until: performance.now() + seconds * 1000, latencies, errors, journeys: 0 }
    const peaks = servers.map((server) => server.rssMb())
    const sampler = setInterval(() => servers.forEach((server, i) => (peaks[i] = Math.max(peaks[i] ?? 0, server.rssMb()))), 500)
    const cpuBefore = servers.map((server) => server.cpuSeconds())
    const ownBefore = ownCpuSeconds()
    const machineBefore = machineCpuSeconds()
    const begun = performance.now()
    await Promise.all(roster.map((shopper) => shop(shopper, target, catalog, phase, Math.min(2000, seconds * 100))))
    const elapsedSeconds = (performance.now() - begun) / 1000
    clearInterval(sampler)
    const machineAfter = machineCpuSeconds()
    const figures: RunFigures = {
      instances,
      latencies,
      errors,
      warmupErrors,
      journeys: phase.journeys,
      elapsedSeconds,
      servers: servers.map((server, i) => {
        const endMb = server.rssMb()
        return {
          label: String.fromCharCode(65 + i),
          peakMb: Math.max(peaks[i] ?? 0, endMb),
          endMb,
          cpuPercent: (100 * (server.cpuSeconds() - (cpuBefore[i] ?? 0))) / elapsedSeconds,
        }
      }),
      loadCpuPercent: (100 * (ownCpuSeconds() - ownBefore)) / elapsedSeconds,
      machineCpuPercent: (100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total),
    }
    for (const shopper of roster) shopper.browser = null
    return figures
  } finally {
    for (const server of servers.reverse()) await server.stop()
  }
}

function report(figures: RunFigures) {
  const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)}`)
  const rows: Row[] = [
    { what: 'completed journeys (per second)', measured: `${figures.journeys} (${(figures.journeys / seconds).toFixed(1)}/s)`, goal: '—', met: null },
    { what: 'errors', measured: String(figures.errors.total), goal: '0', met: figures.errors.total === 0 },
  ]
  for (const step of steps) {
    const [p50 = Number.NaN, p95 = Number.NaN, p99 = Number.NaN] = figures.latencies.percentiles(step.name, [50, 95, 99])
    rows.push({
      what: `${step.page ? 'page' : 'API'}: ${step.name}, p50 / p95 / p99`,
      measured: `${ms(p50)} / ${ms(p95)} / ${ms(p99)} ms (${figures.latencies.count(step.name)})`,
      goal: step.page ? `p99 < ${pageGoalMs / 1000} s` : '—',
      met: step.page ? p99 < pageGoalMs : null,
    })
  }
  const requests = steps.reduce((total, step) => total + figures.latencies.count(step.name), 0)
  rows.push({ what: 'requests per second', measured: (requests / figures.elapsedSeconds).toFixed(0), goal: '—', met: null })
  if (accounts.length > 0) {
    const [p50 = Number.NaN, p99 = Number.NaN] = figures.latencies.percentiles('sign-in', [50, 99])
    rows.push({
      what: 'sign-in before the run, p50 / p99',
      measured: `${ms(p50)} / ${ms(p99)} ms (${figures.latencies.count('sign-in')})`,
      goal: '—',
      met: null,
    })
  }
  for (const server of figures.servers) {
    rows.push({
      what: `instance ${server.label} RSS, peak / end`,
      measured: `${server.peakMb.toFixed(0)} / ${server.endMb.toFixed(0)} MB`,
      goal: '—',
      met: null,
    })
  }
  rows.push({
    what: 'CPU: instances · load generator · machine',
    measured: `${figures.servers.map((server) => `${server.cpuPercent.toFixed(0)} %`).join(' + ')} · ${figures.loadCpuPercent.toFixed(0)} % · ${figures.machineCpuPercent.toFixed(0)} % of 2 cores`,
    goal: '—',
    met: null,
  })
  if (figures.warmupErrors.total > 0)
    rows.push({ what: 'errors in the warm-up', measured: String(figures.warmupErrors.total), goal: '0', met: false })
  const kinds = (kind: ShopperKind) => roster.filter((shopper) => shopper.kind === kind).length
  console.log(
    `\nnpm run bench:load, ${figures.instances} instance(s): ${shopperCount} shoppers (${kinds('guest')} guests, ${kinds('customer')} signed in, ${kinds('b2b')} B2B) for ${seconds} s, think time ${thinkMs} ms (±50 %) before each step\n`,
  )
  printTable(rows)
  if (figures.errors.total + figures.warmupErrors.total > 0) process.exitCode = 1
  for (const [reason, count] of [...figures.errors.entries(), ...figures.warmupErrors.entries()]) console.log(`  ${count} × ${reason}`)
}

const scratch = mkdtempSync(join(tmpdir(), 'shop-load-'))
try {
  log(`preparing ${databaseUrl.replace(/:[^:@/]*@/, ':***@')} afresh`)
  await dropBenchDatabase(databaseUrl)
  await prepareBenchDatabase(databaseUrl)
  const catalog = await readProducts()
  // The shop as the image lays it out (its bundled node_modules), so memory and speed are the image's.
  const app = imageLayout(join(scratch, 'app'))
  for (const [i, instances] of instanceCounts.entries()) report(await run(instances, catalog, app, scratch, i === 0))
  if (process.exitCode === undefined) log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`)
} finally {
  await dropBenchDatabase(databaseUrl).catch((error: unknown) => log(`could not drop the database: ${String(error)}`))
  rmSync(scratch, { recursive: true, force: true })
}
