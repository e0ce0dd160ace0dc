import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { freePort } from '../tests/helpers/server-process.ts'

// USER_HZ, the unit of /proc's CPU times: 100 on every Linux the project runs on (getconf CLK_TCK).
const clockTicks = 100

export const hasTaskset = spawnSync('taskset', ['-V']).status === 0

/** Pins this process (the load generator) to `cpu`, so the servers under test keep their own core. */
export function pinSelf(cpu: number): boolean {
  return hasTaskset && spawnSync('taskset', ['-cp', String(cpu), String(process.pid)]).status === 0
}

/** Pins every thread of this process to `cpus` (a taskset list: "1", "0,1"). */
export function pinSelfThreads(cpus: string): boolean {
  return hasTaskset && spawnSync('taskset', ['-a', '-cp', cpus, String(process.pid)]).status === 0
}

/** CPU time (user + system, in seconds) this process has used so far. */
export function ownCpuSeconds(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1e6
}

/** The machine's busy and total CPU time so far (seconds, all cores), from /proc/stat. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number)
  const total = fields.reduce((sum, n) => sum + n, 0)
  // idle and iowait
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
  return { busy: (total - idle) / clockTicks, total: total / clockTicks }
}

export interface ServerProcess {
  url: string
  pid: number
  /** Resident memory (VmRSS) of the server process, in MB. */
  rssMb(): number
  /** Its peak resident memory since it started (VmHWM), in MB. */
  peakRssMb(): number
  /** CPU time (user + system) it has used so far, in seconds. */
  cpuSeconds(): number
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
    rssMb: () => statusMb(pid, 'VmRSS'),
    peakRssMb: () => statusMb(pid, 'VmHWM'),
    cpuSeconds() {
      // /proc/<pid>/stat: fields 14 and 15 (utime, stime) after the parenthesised command name.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return (Number(fields[11]) + Number(fields[12])) / clockTicks
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

function statusMb(pid: number, key: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1]
  return kb === undefined ? Number.NaN : Number(kb) / 1024
}
