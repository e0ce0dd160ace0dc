import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stagingEnv } from './staging-env.ts'

// The shop run as the image runs it (`node server/main.ts`, the built client in dist/), as a child
// process: for tests of what only separate processes show (several instances, a crash, a shutdown).

const root = new URL('../..', import.meta.url).pathname

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))))
    })
  })
}

export interface ServerProcess {
  readonly url: string
  readonly port: number
  readonly pid: number
  /** What the process printed so far (stdout and stderr, JSON log lines), for assertions and failures. */
  output(): string
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>
  /** SIGKILL: no shutdown at all, as when the machine or the container dies. */
  kill(): Promise<void>
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>
}

export interface ServerProcessOptions {
  /** The server's environment on top of this process's (PORT, HOST and PUBLIC_URL are set here). */
  env: Record<string, string>
  /** Named in errors: "instance A". */
  label: string
  /** Reuse a port (a restarted instance keeps its address); otherwise a free one. */
  port?: number
  /** Wait this long for /healthz (ms). */
  startTimeoutMs?: number
}

/** Starts `node server/main.ts` and resolves once it answers `/healthz`. */
export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, PUBLIC_URL: url, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => (output += chunk.toString())
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const deadline = Date.now() + (opts.startTimeoutMs ?? 90_000)
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${opts.label} exited at start:\n${output}`)
    const alive = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (alive) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${opts.label} did not answer /healthz in time:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const pid = child.pid
  if (pid === undefined) throw new Error(`${opts.label} has no pid`)
  const running = () => child.exitCode === null && child.signalCode === null
  return {
    url,
    port,
    pid,
    output: () => output,
    exited,
    async kill() {
      if (running()) child.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (!running()) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

export interface ProductionShop {
  server: ServerProcess
  /** Its DATA_DIR (the embedded database, the outbox). */
  dataDir: string
  /** Deletes the data directory, once the process is gone. */
  remove(): void
}

/**
 * The shop in production mode with the staging settings, logging at info, on an embedded database
 * of its own in a fresh data directory named after `name`; `env` goes on top.
 */
export async function startProductionShop(name: string, env: Record<string, string> = {}): Promise<ProductionShop> {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-${name}-`))
  const remove = () => rmSync(dataDir, { recursive: true, force: true })
  try {
    const server = await startServerProcess({
      label: 'the shop',
      env: {
        ...stagingEnv(),
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        BETTER_AUTH_SECRET: `${name}-test-secret-0123456789-0123456789`,
        LOG_LEVEL: 'info',
        ...env,
      },
    })
    return { server, dataDir, remove }
  } catch (error) {
    remove()
    throw error
  }
}
