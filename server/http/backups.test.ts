import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { shopperAs, type SignedInShopper } from '../../tests/helpers/accounts.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import type { HttpShopper } from '../../tests/helpers/http-shopper.ts'

// An admin makes a backup of the embedded database from /admin and downloads it; nobody
// else can, whatever the name asked for. On PostgreSQL the shop says how that one is backed up.

/** The shop on the real PostgreSQL (TEST_DATABASE_URL) rather than the embedded database. */
const onPostgres = inject('pgTemplateUrl') !== null
let admin: SignedInShopper
let customer: SignedInShopper
const t = sharedTestApp()
beforeAll(async () => {
  admin = await shopperAs(t, 'admin', { language: 'en' })
  customer = await shopperAs(t, 'customer')
})

interface BackupList {
  byTheShop: boolean
  keep: number
  files: Array<{ name: string; bytes: number; createdAt: string }>
}

function download(name: string, shopper: HttpShopper | null) {
  const cookie = shopper ? [...shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined
  return t.app.inject({ method: 'GET', url: `/admin/backups/${name}`, headers: cookie ? { cookie } : {} })
}

describe.skipIf(onPostgres)('backups of the embedded database from /admin', () => {
  it('are made on demand, listed newest first, and downloaded by an admin only', async () => {
    const before = await admin.shopper.query<BackupList>('admin.backups.list')
    expect(before.data).toEqual({ byTheShop: true, keep: 7, files: [] })

    const made = await admin.shopper.mutation<BackupList['files'][number]>('admin.backups.create')
    expect(made.status).toBe(200)
    const file = made.data!
    expect(file.name).toMatch(/^shop-\d{8}T\d{6}Z\.pglite\.tar\.gz$/)
    expect(file.bytes).toBeGreaterThan(100_000)
    expect((await admin.shopper.query<BackupList>('admin.backups.list')).data!.files).toEqual([file])

    const got = await download(file.name, admin.shopper)
    expect(got.statusCode).toBe(200)
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${file.name}"`)
    expect(got.headers['cache-control']).toBe('private, no-store')
    expect(got.rawPayload.length).toBe(file.bytes)
    // A tarball of the database's folder: PGlite's files, gzipped.
    expect(gunzipSync(got.rawPayload).includes(Buffer.from('PG_VERSION'))).toBe(true)

    for (const shopper of [customer.shopper, null]) {
      const refused = await download(file.name, shopper)
      expect(refused.statusCode).toBe(404)
      expect(refused.rawPayload.includes(Buffer.from('PG_VERSION'))).toBe(false)
    }
    for (const name of ['..%2F..%2Fpackage.json', 'pglite.lock', 'shop-20991231T000000Z.pglite.tar.gz']) {
      expect((await download(name, admin.shopper)).statusCode).toBe(404)
    }
  })
})

describe.runIf(onPostgres)('backups on PostgreSQL from /admin', () => {
  it('are left to npm run db:backup, and the admin is told so', async () => {
    expect((await admin.shopper.query<BackupList>('admin.backups.list')).data).toEqual({ byTheShop: false, keep: 7, files: [] })
    const refused = await admin.shopper.mutation('admin.backups.create')
    expect(refused.status).toBe(409)
    expect(refused.error?.message).toMatch(/back it up with npm run db:backup/)
  })
})
