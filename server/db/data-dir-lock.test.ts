import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from './client.ts'
import { DataDirInUseError } from './data-dir-lock.ts'
import { runCli } from '../../tests/helpers/cli.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'shop-lock-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('the embedded database belongs to one process at a time', () => {
  it('refuses a second opener while held, in this process and from `npm run admin`, and frees it on close', async () => {
    // Migrated first: on a busy machine PGlite's migrations can hold the event loop longer than
    // the lock's 10 s staleness, which a running shop's lock never waits through.
    const setup = openDatabase({ dataDir })
    await setup.migrate()
    await setup.close()
    const first = openDatabase({ dataDir })
    await first.migrate()
    expect(() => openDatabase({ dataDir })).toThrow(DataDirInUseError)
    // The holder refreshes its lock every 2 s, as a running shop does: once before the command looks
    // (the migration may have held the event loop), and on while it runs (it is awaited, never sync).
    await new Promise((resolve) => setTimeout(resolve, 2_500))

    const cli = await runCli('admin', ['grant', 'owner@example.com'], { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' })
    expect(cli.code).toBe(1)
    expect(cli.err).toContain(`The embedded database in ${dataDir} is in use by another process (is the shop running?)`)

    await first.close()
    const again = openDatabase({ dataDir })
    await again.close()
  }, 60_000)
})
