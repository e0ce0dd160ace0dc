import autocannon from 'autocannon'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  failures: number
}

export interface LoadOptions {
  connections: number
  seconds: number
  headers?: Record<string, string>
}

/** One autocannon run against `url`: requests per second and latency percentiles (ms). */
export async function load(url: string, opts: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({ url, connections: opts.connections, duration: opts.seconds, headers: opts.headers ?? {} })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  }
}

/** The median of the finite values (a run that gave no figure is left out); NaN when there are none. */
export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

export interface Comparison {
  subject: LoadResult
  reference: LoadResult
  ratio: number
}

/** One side of a comparison: a URL and the headers its requests carry. */
export interface Side {
  url: string
  headers?: Record<string, string>
}

/**
 * `rounds` alternating runs of the subject and the reference (so drift on the machine hits both),
 * reduced to medians; the ratio is the median of the per-round ratios.
 */
export async function compareSides(subjectSide: Side, referenceSide: Side, rounds: number, opts: LoadOptions): Promise<Comparison> {
  const subject: LoadResult[] = []
  const reference: LoadResult[] = []
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    const s = await load(subjectSide.url, { ...opts, headers: subjectSide.headers ?? opts.headers ?? {} })
    const r = await load(referenceSide.url, { ...opts, headers: referenceSide.headers ?? opts.headers ?? {} })
    subject.push(s)
    reference.push(r)
    ratios.push(s.rps / Math.max(1, r.rps))
  }
  const reduce = (runs: LoadResult[]): LoadResult => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    failures: runs.reduce((total, r) => total + r.failures, 0),
  })
  return { subject: reduce(subject), reference: reduce(reference), ratio: median(ratios) }
}

/** Two URLs with the same headers. */
export const compare = (subjectUrl: string, referenceUrl: string, rounds: number, opts: LoadOptions) =>
  compareSides({ url: subjectUrl }, { url: referenceUrl }, rounds, opts)
