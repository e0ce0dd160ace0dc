/** Latency samples (ms) per named step, with percentiles by nearest rank over the sorted samples. */
export class Latencies {
  readonly #samples = new Map<string, number[]>()

  record(step: string, ms: number) {
    const samples = this.#samples.get(step)
    if (samples) samples.push(ms)
    else this.#samples.set(step, [ms])
  }

  count(step: string): number {
    return this.#samples.get(step)?.length ?? 0
  }

  /** The `p`th percentile (0–100) of `step`'s samples; NaN when there are none. */
  percentiles(step: string, ps: readonly number[]): number[] {
    const sorted = [...(this.#samples.get(step) ?? [])].sort((a, b) => a - b)
    return ps.map((p) =>
      sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN),
    )
  }

  get total(): number {
    let total = 0
    for (const samples of this.#samples.values()) total += samples.length
    return total
  }
}

/** A tally of failures by short reason ("add: 429 TOO_MANY_REQUESTS"). */
export class Tally {
  readonly #counts = new Map<string, number>()

  add(reason: string) {
    this.#counts.set(reason, (this.#counts.get(reason) ?? 0) + 1)
  }

  get total(): number {
    let total = 0
    for (const count of this.#counts.values()) total += count
    return total
  }

  /** Most frequent first. */
  entries(): Array<[string, number]> {
    return [...this.#counts].sort((a, b) => b[1] - a[1])
  }
}
