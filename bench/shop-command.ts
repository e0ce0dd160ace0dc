import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { stagingEnv } from '../tests/helpers/staging-env.ts'

/**
 * The shop is started as its image starts it: the Dockerfile's `CMD ["node", …flags, script]`, so
 * the V8 flags an operator runs with (heap sizes) are the ones measured. BENCH_NODE_ARGS: flags to
 * try on top (for instance a heap size), before putting them in the image.
 */
export function shopCommand(): { nodeArgs: string[]; script: string } {
  const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8')
  const cmd = dockerfile
    .split('\n')
    .filter((line) => line.startsWith('CMD '))
    .at(-1)
  const argv: unknown = cmd ? JSON.parse(cmd.slice(4)) : null
  if (!Array.isArray(argv) || argv[0] !== 'node' || !argv.every((arg): arg is string => typeof arg === 'string')) {
    throw new Error('The Dockerfile has no CMD ["node", …, script] to start the shop with')
  }
  const script = argv.at(-1)
  if (argv.length < 2 || script === undefined) throw new Error('The Dockerfile CMD names no script')
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  return { nodeArgs: [...argv.slice(1, -1), ...extra], script }
}

/** What every process a benchmark starts inherits: enough to find node and a home, nothing else of ours. */
export const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() }

/** The shop's node flags: the image's, plus a V8 CPU profile (written when it stops) into BENCH_CPU_PROF_DIR when set. */
export function shopNodeArgs(command: { nodeArgs: string[] }): string[] {
  const profileDir = process.env.BENCH_CPU_PROF_DIR
  return [...command.nodeArgs, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])]
}

/** The shop's environment in a benchmark: production with the staging settings (deploy/staging.env) on `databaseUrl`. */
export function shopEnv(opts: { databaseUrl: string; dataDir: string; publicUrl: string }): Record<string, string> {
  return {
    ...baseEnv,
    ...stagingEnv(),
    NODE_ENV: 'production',
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    PUBLIC_URL: opts.publicUrl,
    BETTER_AUTH_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
  }
}
