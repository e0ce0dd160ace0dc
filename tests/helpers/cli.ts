import { spawn } from 'node:child_process'
import { once } from 'node:events'

const root = new URL('../..', import.meta.url).pathname

export interface CliResult {
  code: number | null
  out: string
  err: string
}

/**
 * Runs `node server/cli/<script>.ts` as `npm run …` runs it, with this process's environment plus
 * `env`. Asynchronous on purpose: a test holding DATA_DIR's lock must keep refreshing it while the
 * command looks, or the command finds it stale and takes it (a `spawnSync` blocks the refresh).
 */
export async function runCli(script: string, args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<CliResult> {
  const child = spawn(process.execPath, [`server/cli/${script}.ts`, ...args], { cwd: root, env: { ...process.env, ...env }, timeout: timeoutMs })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const [code] = (await once(child, 'close')) as [number | null]
  return { code, out, err }
}
