import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { fakeAeatForShop, type FakeAeat } from '../helpers/fake-aeat.ts'
import { stagingEnv } from '../helpers/staging-env.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The shared shop's DATA_DIR: journeys read the emails it writes to DATA_DIR/outbox. */
    dataDir: string
  }
}

const root = new URL('../..', import.meta.url).pathname

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the shop did not become healthy within ${timeoutMs} ms`)
}

/** Resolves once no process of the group is left (or after `timeoutMs`). */
async function groupGone(pgid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      process.kill(-pgid, 0)
    } catch {
      return
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

export interface RunningShop {
  baseUrl: string
  port: number
  dataDir: string
  /** The fake AEAT the shop sends its VERI*FACTU records to (null when it sends none): tell it how to answer. */
  aeat: FakeAeat | null
  /** Stops the shop; its DATA_DIR is removed unless `keepData` (to start it again on the same data). */
  stop(opts?: { keepData?: boolean }): Promise<void>
}

/**
 * Starts the shop exactly as the README says (`npm start`), in production mode with the staging
 * settings (deploy/staging.env), on a free port with a fresh DATA_DIR; `env` adds settings such as
 * DATABASE_URL.
 */
export async function startShop(env: Record<string, string> = {}, opts: { port?: number; dataDir?: string } = {}): Promise<RunningShop> {
  const port = opts.port ?? (await freePort())
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-e2e-'))
  const baseUrl = `http://127.0.0.1:${port}`
  // A shop that makes VERI*FACTU records sends them, as production must: to a fake AEAT of its own.
  const aeat = (env.VERIFACTU === 'test' || env.VERIFACTU === 'production') && !env.VERIFACTU_CERT_PATH ? await fakeAeatForShop() : null
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      ...stagingEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      BETTER_AUTH_SECRET: 'e2e-secret-0123456789-0123456789-0123456789',
      ...aeat?.env,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
  try {
    await waitForHealth(baseUrl, child, 150_000)
  } catch (error) {
    await aeat?.close()
    throw error
  }
  return {
    baseUrl,
    port,
    dataDir,
    aeat: aeat?.fake ?? null,
    async stop({ keepData = false } = {}) {
      if (child.pid !== undefined && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        process.kill(-child.pid, 'SIGTERM')
        await exited
      }
      // npm may exit before the server it started has closed its database: wait for the whole group.
      if (child.pid !== undefined) await groupGone(child.pid, 20_000)
      if (!keepData) rmSync(dataDir, { recursive: true, force: true })
      await aeat?.close()
    },
  }
}

export default async function setup(project: TestProject) {
  // The journeys' shop invoices as a real one does: with VERI*FACTU records (for the AEAT's test
  // service), sent to a fake AEAT, and the QR code on every invoice, where the staging settings turn
  // them off.
  const shop = await startShop({ VERIFACTU: 'test' })
  project.provide('baseUrl', shop.baseUrl)
  project.provide('dataDir', shop.dataDir)
  return () => shop.stop()
}
