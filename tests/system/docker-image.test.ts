import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { seedProducts } from '../../server/db/seed-data.ts'
import {
  cleanCheckout,
  createVolume,
  docker,
  dockerUnavailable,
  imageExists,
  imageSize,
  ownerLabelArgs,
  removeOrphanContainers,
} from '../helpers/docker.ts'
import { withDatabase } from '../helpers/pg-url.ts'
import { freePort } from '../helpers/server-process.ts'
import { stagingEnv } from '../helpers/staging-env.ts'

// The Docker image builds from a clean clone (the Dockerfile and .dockerignore alone, no
// node_modules or dist of this machine) and serves the shop on PostgreSQL with the staging settings
// (deploy/staging.env), as an operator would run it: health, readiness, a page and an API call.
// It stays lean (at most 60 MB above its Node base) and runs as its non-root user with a
// read-only root filesystem (`--read-only --tmpfs /tmp`, a /data volume), on PostgreSQL and on the
// embedded database; pictures, the PDF catalog and the image library work there.
// Without a Docker daemon it is skipped (TEST_DOCKER=1 makes that a failure instead; TEST_DOCKER=0
// skips it on purpose: CI runs it once, in its PostgreSQL run).

const root = new URL('../..', import.meta.url).pathname
// The container shares the host's network, so it reaches PostgreSQL at the same address as we do.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
// A base image built on this machine when there is one (../shared/tools/local-docker: no Docker Hub
// here); otherwise the Dockerfile's own (node:24-slim).
const localBaseImage = 'local/node:24-slim'
const defaultBaseImage = 'node:24-slim'
/** What the image may add to its base, in the MB `docker images` shows (10^6 bytes). */
const budgetBytes = 60_000_000
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`

async function postgresUnavailable(): Promise<string | null> {
  const sql = postgres(withDatabase(serverUrl, 'postgres'), { max: 1, connect_timeout: 5, onnotice: () => {} })
  try {
    await sql`select 1`
    return null
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return `needs PostgreSQL at ${new URL(serverUrl).host} (set TEST_DATABASE_URL to another server): ${reason}`
  } finally {
    await sql.end()
  }
}

async function dockerMissing(): Promise<string | null> {
  const reason = await dockerUnavailable()
  return reason && `needs a Docker daemon (start Docker; on the project's build machine: ../shared/tools/local-docker up): ${reason}`
}

// The PostgreSQL given in TEST_DATABASE_URL must be there; the default one may be absent.
const notWanted = process.env.TEST_DOCKER === '0' ? 'TEST_DOCKER=0' : null
const missing = notWanted ?? (await dockerMissing()) ?? (process.env.TEST_DATABASE_URL ? null : await postgresUnavailable())
const skip = notWanted !== null || (missing !== null && process.env.TEST_DOCKER !== '1')
const title = skip
  ? `the Docker image: SKIPPED, ${missing}${notWanted ? '' : ' (TEST_DOCKER=1 makes this a failure)'}`
  : 'the Docker image, built from a clean clone and run on PostgreSQL'
if (skip) console.warn(title)

const productsResponse = z.object({
  result: z.object({ data: z.array(z.object({ slug: z.string(), nameEs: z.string(), priceRetailCents: z.number() })) }),
})

describe.skipIf(skip)(title, () => {
  const id = randomBytes(4).toString('hex')
  const tag = `panel-shop-test:${id}`
  const database = `shop_docker_${id}`
  let context: string | null = null
  let base = defaultBaseImage
  let user = ''
  let built = false
  let created = false
  const containers: string[] = []
  const volumes: string[] = []
  /** The shop on the PostgreSQL database it is given, and the shop on its embedded one. */
  const shops = {
    postgres: { container: `panel-shop-test-${id}`, url: '' },
    embedded: { container: `panel-shop-test-${id}-embedded`, url: '' },
  }
  const admin = () => postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} })

  /** Runs the image as an operator following the README would: read-only, its own user, /data. */
  async function start(shop: { container: string; url: string }, env: string[]): Promise<void> {
    const port = await freePort()
    shop.url = `http://127.0.0.1:${port}`
    const volume = await createVolume(`${shop.container}-data`)
    volumes.push(volume)
    // prettier-ignore
    await docker([
      'run', '--detach', '--name', shop.container, ...ownerLabelArgs(), '--network', 'host',
      '--read-only', '--tmpfs', '/tmp', '--volume', `${volume}:/data`, '--user', user,
      '--env-file', `${root}deploy/staging.env`,
      '--env', `PORT=${port}`, '--env', 'HOST=127.0.0.1', '--env', `PUBLIC_URL=${shop.url}`,
      '--env', `BETTER_AUTH_SECRET=${randomBytes(32).toString('base64url')}`,
      ...env.flatMap((entry) => ['--env', entry]),
      tag,
    ])
    containers.push(shop.container)
  }

  /** Migrations and the catalog seed run at start: waits for the server to answer. */
  async function answering(shop: { container: string; url: string }): Promise<void> {
    const deadline = Date.now() + 180_000
    for (;;) {
      const alive = await fetch(`${shop.url}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
      if (alive) return
      const running = (await docker(['inspect', '--format', '{{.State.Running}}', shop.container])).trim() === 'true'
      if (!running || Date.now() > deadline) {
        throw new Error(`${shop.container} ${running ? 'did not answer /healthz in time' : 'exited'}:\n${await logs(shop.container)}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  beforeAll(async () => {
    if (missing) throw new Error(`TEST_DOCKER=1 but ${missing}`)
    await removeOrphanContainers()
    context = await cleanCheckout(root)
    if (await imageExists(localBaseImage)) base = localBaseImage
    // --network host: the build reaches the npm registry the way this machine does.
    await docker(['build', '--network', 'host', '--quiet', '--build-arg', `NODE_IMAGE=${base}`, '--tag', tag, context], { timeoutMs: 900_000 })
    built = true
    // The user the Dockerfile names: the test runs the container as it, like an orchestrator would.
    user = (await docker(['image', 'inspect', '--format', '{{.Config.User}}', tag])).trim()

    const sql = admin()
    await sql.unsafe(`create database "${database}"`)
    await sql.end()
    created = true

    await start(shops.postgres, [`DATABASE_URL=${withDatabase(serverUrl, database)}`])
    // No DATABASE_URL: PGlite keeps the database in the /data volume.
    await start(shops.embedded, [])
    await Promise.all([answering(shops.postgres), answering(shops.embedded)])
  }, 1_200_000)

  afterAll(async () => {
    // Always: a container left running would hold its port and the database.
    if (containers.length > 0) await docker(['rm', '--force', '--volumes', ...containers])
    if (volumes.length > 0) await docker(['volume', 'rm', '--force', ...volumes])
    // --no-prune: the layers stay as the next build's cache; only this run's tag goes.
    if (built) await docker(['rmi', '--no-prune', tag])
    if (created) {
      const sql = admin()
      await sql.unsafe(`drop database if exists "${database}" with (force)`)
      await sql.end()
    }
    if (context) rmSync(context, { recursive: true, force: true })
  }, 120_000)

  const logs = (container: string) => docker(['logs', '--tail', '50', container]).catch((error: unknown) => String(error))
  const url = (path: string) => `${shops.postgres.url}${path}`

  it('is at most 60 MB above the Node base image it is built from', async () => {
    const [size, baseSize] = await Promise.all([imageSize(tag), imageSize(base)])
    const added = size - baseSize
    expect(added, `the image is ${mb(size)}, ${mb(added)} above ${base} (${mb(baseSize)}); the budget is ${mb(budgetBytes)}`).toBeLessThanOrEqual(
      budgetBytes,
    )
  })

  it('runs as a user other than root, and cannot write outside /data and /tmp', async () => {
    expect(user.split(':')[0], 'the Dockerfile names no user: the shop would run as root').not.toMatch(/^(|root|0)$/)
    expect((await docker(['exec', shops.postgres.container, 'id', '-u'])).trim()).not.toBe('0')
    await expect(docker(['exec', shops.postgres.container, 'touch', '/app/written'])).rejects.toThrow(/Read-only file system/)
  })

  it('answers /healthz, and /readyz on the PostgreSQL database it was given', async () => {
    const health = await fetch(url('/healthz'))
    expect(health.status).toBe(200)
    const ready = await fetch(url('/readyz'))
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'postgres' })
    // Migrated and seeded at start, in that database and not in an embedded one.
    const sql = postgres(withDatabase(serverUrl, database), { max: 1, onnotice: () => {} })
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from products`
    await sql.end()
    expect(row?.count).toBe(seedProducts.length)
  })

  it('serves the shop page in Spanish with every product and the staging company', async () => {
    const res = await fetch(url('/shop'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('<html lang="es"')
    expect(html).toContain(stagingEnv().COMPANY_NAME)
    for (const product of seedProducts) expect(html, product.slug).toContain(product.nameEs)
  })

  it('answers the catalog API with the seeded products and their prices', async () => {
    const res = await fetch(url('/trpc/catalog.products'))
    expect(res.status).toBe(200)
    const products = productsResponse.parse(await res.json()).result.data
    expect(products.map((p) => [p.slug, p.priceRetailCents]).sort()).toEqual(seedProducts.map((p) => [p.slug, p.priceRetailCents]).sort())
  })

  it('renders a product page whose picture is served', async () => {
    const product = seedProducts[0]
    if (!product) throw new Error('the seed has no product')
    const res = await fetch(url(`/product/${product.slug}`))
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(product.nameEs)
    const src = /<img[^>]* src="([^"]+)"/.exec(html)?.[1]
    expect(src, 'the product page shows no picture').toBeDefined()
    const picture = await fetch(url(src ?? ''))
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toMatch(/^image\//)
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000)
  })

  it('serves the PDF catalog', async () => {
    const res = await fetch(url('/catalog.pdf'))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/pdf/)
    const body = Buffer.from(await res.arrayBuffer())
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(body.byteLength).toBeGreaterThan(10_000)
  })

  it('encodes pictures with its image library (what an upload in /admin runs)', async () => {
    // The native libvips binding, loaded as the app loads it, as the app's user.
    const script = `import sharp from 'sharp'
const avif = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#b08d57' } }).avif().toBuffer()
console.log((await sharp(avif).metadata()).format)`
    const out = await docker(['exec', '--workdir', '/app', shops.postgres.container, 'node', '--input-type=module', '--eval', script])
    expect(out.trim()).toBe('heif')
  })

  it('keeps the embedded database in the /data volume when no DATABASE_URL is given', async () => {
    const ready = await fetch(`${shops.embedded.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'pglite' })
    const res = await fetch(`${shops.embedded.url}/trpc/catalog.products`)
    expect(productsResponse.parse(await res.json()).result.data).toHaveLength(seedProducts.length)
    const files = await docker(['exec', shops.embedded.container, 'ls', '/data'])
    expect(files.trim(), 'nothing written to /data').not.toBe('')
  })
})
