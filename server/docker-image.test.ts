import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { seedProducts } from './db/seed-data.ts'
import { cleanCheckout, docker, dockerUnavailable, imageExists, ownerLabelArgs, removeOrphanContainers } from '../tests/helpers/docker.ts'
import { withDatabase } from '../tests/helpers/pg-url.ts'
import { freePort } from '../tests/helpers/server-process.ts'
import { stagingEnv } from '../tests/helpers/staging-env.ts'

// Issue 13: the Docker image builds from a clean clone (the Dockerfile and .dockerignore alone, no
// node_modules or dist of this machine) and serves the shop on PostgreSQL with the staging settings
// (deploy/staging.env), as an operator would run it: health, readiness, a page and an API call.
// Without a Docker daemon it is skipped (TEST_DOCKER=1 makes that a failure instead).

const root = new URL('..', import.meta.url).pathname
// The container shares the host's network, so it reaches PostgreSQL at the same address as we do.
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
// A base image built on this machine when there is one (../shared/tools/local-docker: no Docker Hub
// here); otherwise the Dockerfile's own (node:24-slim).
const localBaseImage = 'local/node:24-slim'

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
const missing = (await dockerMissing()) ?? (process.env.TEST_DATABASE_URL ? null : await postgresUnavailable())
const skip = missing !== null && process.env.TEST_DOCKER !== '1'
const title = skip
  ? `the Docker image: SKIPPED, ${missing} (TEST_DOCKER=1 makes this a failure)`
  : 'the Docker image, built from a clean clone and run on PostgreSQL'
if (skip) console.warn(title)

const productsResponse = z.object({
  result: z.object({ data: z.array(z.object({ slug: z.string(), nameEs: z.string(), priceRetailCents: z.number() })) }),
})

describe.skipIf(skip)(title, () => {
  const id = randomBytes(4).toString('hex')
  const tag = `panel-shop-test:${id}`
  const container = `panel-shop-test-${id}`
  const database = `shop_docker_${id}`
  let context: string | null = null
  let url: string
  let built = false
  let created = false
  let started = false
  const admin = () => postgres(withDatabase(serverUrl, 'postgres'), { max: 1, onnotice: () => {} })

  beforeAll(async () => {
    if (missing) throw new Error(`TEST_DOCKER=1 but ${missing}`)
    await removeOrphanContainers()
    context = await cleanCheckout(root)
    const base = (await imageExists(localBaseImage)) ? ['--build-arg', `NODE_IMAGE=${localBaseImage}`] : []
    // --network host: the build reaches the npm registry the way this machine does.
    await docker(['build', '--network', 'host', '--quiet', ...base, '--tag', tag, context], { timeoutMs: 600_000 })
    built = true

    const sql = admin()
    await sql.unsafe(`create database "${database}"`)
    await sql.end()
    created = true

    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    // prettier-ignore
    await docker([
      'run', '--detach', '--name', container, ...ownerLabelArgs(), '--network', 'host',
      '--env-file', `${root}deploy/staging.env`,
      '--env', `PORT=${port}`, '--env', 'HOST=127.0.0.1', '--env', `PUBLIC_URL=${url}`,
      '--env', `DATABASE_URL=${withDatabase(serverUrl, database)}`,
      '--env', `BETTER_AUTH_SECRET=${randomBytes(32).toString('base64url')}`,
      tag,
    ])
    started = true
    // Migrations and the catalog seed run at start: wait for the server to answer.
    const deadline = Date.now() + 120_000
    for (;;) {
      const alive = await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
      if (alive) break
      const running = (await docker(['inspect', '--format', '{{.State.Running}}', container])).trim() === 'true'
      if (!running || Date.now() > deadline) {
        throw new Error(`the container ${running ? 'did not answer /healthz in time' : 'exited'}:\n${await logs()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }, 900_000)

  afterAll(async () => {
    // Always: a container left running would hold its port and the database.
    if (started) await docker(['rm', '--force', '--volumes', container])
    // --no-prune: the layers stay as the next build's cache; only this run's tag goes.
    if (built) await docker(['rmi', '--no-prune', tag])
    if (created) {
      const sql = admin()
      await sql.unsafe(`drop database if exists "${database}" with (force)`)
      await sql.end()
    }
    if (context) rmSync(context, { recursive: true, force: true })
  }, 120_000)

  const logs = () => docker(['logs', '--tail', '50', container]).catch((error: unknown) => String(error))

  it('answers /healthz, and /readyz on the PostgreSQL database it was given', async () => {
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(200)
    const ready = await fetch(`${url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'postgres' })
    // Migrated and seeded at start, in that database and not in an embedded one.
    const sql = postgres(withDatabase(serverUrl, database), { max: 1, onnotice: () => {} })
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from products`
    await sql.end()
    expect(row?.count).toBe(seedProducts.length)
  })

  it('serves the shop page in Spanish with every product and the staging company', async () => {
    const res = await fetch(`${url}/shop`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await res.text()
    expect(html).toContain('<html lang="es"')
    expect(html).toContain(stagingEnv().COMPANY_NAME)
    for (const product of seedProducts) expect(html, product.slug).toContain(product.nameEs)
  })

  it('answers the catalog API with the seeded products and their prices', async () => {
    const res = await fetch(`${url}/trpc/catalog.products`)
    expect(res.status).toBe(200)
    const products = productsResponse.parse(await res.json()).result.data
    expect(products.map((p) => [p.slug, p.priceRetailCents]).sort()).toEqual(seedProducts.map((p) => [p.slug, p.priceRetailCents]).sort())
  })
})
