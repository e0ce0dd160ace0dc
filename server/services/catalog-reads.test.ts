import { describe, expect, it } from 'vitest'
import { UntilCatalogChanges } from './catalog.ts'
import type { CatalogVersion } from './catalog-version.ts'

/** A catalog version moved by hand. */
function version() {
  let current = 0
  const v: CatalogVersion & { bump(): void } = {
    current: () => current,
    subscribe: () => () => {},
    movedPast: async () => {},
    stop: async () => {},
    bump: () => current++,
  }
  return v
}

describe('UntilCatalogChanges', () => {
  it('reads once per key until the catalog changes, sharing a concurrent miss', async () => {
    const v = version()
    const kept = new UntilCatalogChanges<string>(v)
    let loads = 0
    const load = async () => `row ${++loads}`
    expect(await Promise.all([kept.get('a', load), kept.get('a', load)])).toEqual(['row 1', 'row 1'])
    expect(await kept.get('a', load)).toBe('row 1')
    v.bump()
    expect(await kept.get('a', load)).toBe('row 2')
  })

  it('runs a lazy query once: a kept Drizzle-style thenable is not sent again on each read', async () => {
    const kept = new UntilCatalogChanges<string>(version())
    let runs = 0
    // Like a Drizzle query builder: each `then` runs the query anew.
    const query: PromiseLike<string> = {
      then: (resolve, reject) => Promise.resolve(`row ${++runs}`).then(resolve, reject),
    }
    for (let i = 0; i < 3; i++) expect(await kept.get('a', () => query)).toBe('row 1')
    expect(runs).toBe(1)
  })

  it('forgets a failed read', async () => {
    const kept = new UntilCatalogChanges<string>(version())
    await expect(kept.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await kept.get('a', async () => 'row')).toBe('row')
  })

  it('keeps at most maxEntries keys: made-up slugs push out the oldest, memory stays bounded', async () => {
    const kept = new UntilCatalogChanges<string | null>(version())
    let loads = 0
    const load = async () => (loads++, null)
    for (let i = 0; i <= UntilCatalogChanges.maxEntries; i++) await kept.get(`made-up-${i}`, load)
    expect(loads).toBe(UntilCatalogChanges.maxEntries + 1)
    await kept.get(`made-up-${UntilCatalogChanges.maxEntries}`, load)
    expect(loads).toBe(UntilCatalogChanges.maxEntries + 1)
    await kept.get('made-up-0', load)
    expect(loads).toBe(UntilCatalogChanges.maxEntries + 2)
  })
})
