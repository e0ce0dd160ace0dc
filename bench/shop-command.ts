import { readFileSync } from 'node:fs'

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
