import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

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

export default async function setup(project: TestProject) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'))
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn('npm', ['start'], {
    cwd: project.config.root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'production', BETTER_AUTH_SECRET: 'e2e-secret-0123456789-0123456789-0123456789' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  })
  await waitForHealth(baseUrl, child, 150_000)
  project.provide('baseUrl', baseUrl)
  return async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}
