import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { backupFileName } from '../db/backup.ts'
import { createBackups, keptBackups } from './backups.ts'
import { silentLog } from '../../tests/helpers/silent-log.ts'

// The shop's own backups of its embedded database: daily whatever the restarts, seven
// kept, one at a time. The database's dump is stood in for here (server/db/backup.test.ts proves
// the real one round-trips); the clock is the test's.

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function setup(kind: 'pglite' | 'postgres' = 'pglite') {
  const dir = mkdtempSync(join(tmpdir(), 'shop-backups-'))
  dirs.push(dir)
  let clock = new Date('2026-11-24T03:00:00Z')
  let dumps = 0
  const backups = createBackups(
    {
      kind,
      async backup(into) {
        dumps++
        await new Promise((resolve) => setTimeout(resolve, 20))
        mkdirSync(into, { recursive: true })
        const file = join(into, backupFileName(kind, clock))
        writeFileSync(file, `dump ${dumps}`)
        return file
      },
    },
    { dir, log: silentLog, now: () => clock },
  )
  return {
    dir,
    backups,
    dumps: () => dumps,
    advance: (hours: number) => (clock = new Date(clock.getTime() + hours * 3600_000)),
  }
}

describe('the shop’s backups of its embedded database', () => {
  it('takes one when none is a day old, not again within the day, and keeps the seven newest', async () => {
    const { backups, advance, dumps } = setup()
    expect(backups.byTheShop).toBe(true)
    expect((await backups.runIfDue())?.name).toBe('shop-20261124T030000Z.pglite.tar.gz')
    advance(23)
    expect(await backups.runIfDue()).toBeNull()
    advance(1)
    expect((await backups.runIfDue())?.name).toBe('shop-20261125T030000Z.pglite.tar.gz')
    for (let day = 0; day < 8; day++) {
      advance(24)
      await backups.runIfDue()
    }
    expect(dumps()).toBe(10)
    const kept = backups.list()
    expect(kept).toHaveLength(keptBackups)
    expect(kept[0]!.name).toBe('shop-20261203T030000Z.pglite.tar.gz')
    expect(kept.at(-1)!.name).toBe('shop-20261127T030000Z.pglite.tar.gz')
    expect(kept[0]!.createdAt.toISOString()).toBe('2026-12-03T03:00:00.000Z')
    expect(kept[0]!.bytes).toBe('dump 10'.length)
  })

  it('makes one backup for two asks at once, and a new one after', async () => {
    const { backups, dumps, advance } = setup()
    const [first, second] = await Promise.all([backups.create(), backups.create()])
    expect(first).toEqual(second)
    expect(dumps()).toBe(1)
    advance(1)
    await backups.create()
    expect(dumps()).toBe(2)
  })

  it('serves only the names of its backups, never a path outside the folder', async () => {
    const { backups, dir } = setup()
    const made = await backups.create()
    expect(backups.path(made.name)).toBe(join(dir, made.name))
    writeFileSync(join(dir, 'notes.txt'), 'x')
    for (const name of ['notes.txt', '../backups.ts', `${made.name}/..`, 'shop-20991231T000000Z.pglite.tar.gz', '']) {
      expect(backups.path(name)).toBeNull()
    }
  })

  it('leaves PostgreSQL to npm run db:backup', async () => {
    const { backups, dumps, dir } = setup('postgres')
    expect(backups.byTheShop).toBe(false)
    expect(await backups.runIfDue()).toBeNull()
    await expect(backups.create()).rejects.toThrow(/npm run db:backup/)
    expect(dumps()).toBe(0)
    expect(readdirSync(dir)).toEqual([])
  })
})
