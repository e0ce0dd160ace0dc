import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export const hasTaskset = spawnSync('taskset', ['-V']).status === 0

/** Pins this process (the load generator) to `cpu`, so the servers under test keep their own core. */
export function pinSelf(cpu: number): boolean {
  return hasTaskset && spawnSync('taskset', ['-cp', String(cpu), String(process.pid)]).status === 0
}

export interface ServerProcess {
  url: string
  pid: number
  /** Resident memory (VmRSS) of the server process, in MB. */
  rssMb(): number
  stop(): Promise<void>
}

/**
 * Runs `node script` as a child pinned to `cpu` (taskset execs node, so the child's pid is the
 * server's own and its RSS is the server's alone) and waits until `healthPath` answers.
 */
export async function startServer(
  script: string,
  opts: { env: (port: number) => Record<string, string>; cpu: number | null; healthPath: string; nodeArgs?: string[]; label: string },
): Promise<ServerProcess> {
  const port = await freePort()
  const env = { ...opts.env(port), PORT: String(port), HOST: '127.0.0.1' }
  const args = [...(opts.nodeArgs ?? []), script]
  const child: ChildProcess =
    opts.cpu !== null && hasTaskset
      ? spawn('taskset', ['-c', String(opts.cpu), process.execPath, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.label} exited (${child.exitCode}):\n${stderr}`)
    try {
      const res = await fetch(`${url}${opts.healthPath}`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`${opts.label} did not answer ${opts.healthPath} within 60 s:\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const pid = child.pid
  if (pid === undefined) throw new Error(`${opts.label} has no pid`)
  return {
    url,
    pid,
    rssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8')
      const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1]
      return kb === undefined ? Number.NaN : Number(kb) / 1024
    },
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}
