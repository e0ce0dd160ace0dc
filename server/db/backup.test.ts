import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { backupFileName, pruneBackups } from './backup.ts'
import { openDatabase, type Database } from './client.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { categories, orderItems, orders, products, user } from './schema/index.ts'
import { seedCatalog } from './seed.ts'
import { runCli } from '../../tests/helpers/cli.ts'
import { withDatabase } from '../../tests/helpers/pg-url.ts'
import { invoicingHalt } from '../services/verifactu/halt.ts'
import { verifactuServices } from '../../core/verifactu.ts'

// `npm run db:backup` and `npm run db:restore FILE`, run as an operator runs them, on a shop with a
// customer and an order: the restored database holds the same orders, users and catalog. The
// embedded database is refused while another process (the shop) holds it.

const folders: string[] = []
const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  folders.push(dir)
  return dir
}
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** `npm run db:backup|db:restore` with this environment (no DATABASE_URL unless given). */
const command = (script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) =>
  runCli(script, args, { DATABASE_URL: '', LOG_LEVEL: 'silent', ...env })

/** A customer with a paid order of two lines, on top of the seeded catalog. */
async function shopWithAnOrder(db: Database) {
  const userId = randomUUID()
  await db.insert(user).values({ id: userId, name: 'Lucía Ferrer', email: `lucia-${userId}@example.com`, emailVerified: true })
  const [first, second] = await db.select({ id: products.id, name: products.nameEs, price: products.priceRetailCents }).from(products).limit(2)
  const lines = [
    { productId: first!.id, productName: first!.name, quantity: 3, unitPriceCents: first!.price },
    { productId: second!.id, productName: second!.name, quantity: 1, unitPriceCents: second!.price },
  ]
  const total = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0)
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      orderNumber: `ORD-BACKUP-${randomBytes(3).toString('hex')}`,
      customerName: 'Lucía Ferrer',
      customerEmail: 'lucia@example.com',
      customerPhone: '600222333',
      shippingAddress: { line1: 'Calle Apolo 7', line2: null, city: 'Torrevieja', state: null, postal_code: '03181', country: 'ES' },
      subtotalCents: total,
      totalCents: total,
      status: 'confirmed',
      paymentStatus: 'paid',
      checkoutKey: randomUUID(),
    })
    .returning({ id: orders.id })
  await db
    .insert(orderItems)
    .values(lines.map((line, position) => ({ ...line, orderId: order!.id, position, subtotalCents: line.quantity * line.unitPriceCents })))
}

/** What a restore must bring back whole: users, orders with their lines, the catalog. */
async function contents(db: Database) {
  return {
    users: await db.select().from(user).orderBy(user.id),
    orders: await db.select().from(orders).orderBy(orders.id),
    lines: await db.select().from(orderItems).orderBy(orderItems.id),
    products: await db.select().from(products).orderBy(products.id),
    categories: await db.select().from(categories).orderBy(categories.id),
  }
}

describe('backups of the embedded database', () => {
  it('are refused while the shop holds it, taken once it is stopped, and restored into a new DATA_DIR with the same orders, users and catalog', async () => {
    const dataDir = folder('shop-backup-')
    let database = openDatabase({ dataDir })
    let before: Awaited<ReturnType<typeof contents>>
    try {
      await database.migrate()
      await seedCatalog(database.db)
      await shopWithAnOrder(database.db)
      before = await contents(database.db)
      expect(before.orders).toHaveLength(1)
      expect(before.lines).toHaveLength(2)
    } finally {
      await database.close()
    }

    // A running shop holds the folder's lock: the command says why it cannot, and writes nothing.
    // Taken afresh and held with nothing else running here, so it is refreshed while the command looks.
    const release = lockDataDir(dataDir)
    try {
      const refused = await command('backup', { DATA_DIR: dataDir })
      expect(refused.code).toBe(1)
      expect(refused.err).toMatch(/in use by another process \(is the shop running\?\): stop it first\./)
      expect(existsSync(join(dataDir, 'backups'))).toBe(false)
    } finally {
      release()
    }

    const taken = await command('backup', { DATA_DIR: dataDir })
    expect(taken.err).toBe('')
    expect(taken.code).toBe(0)
    const [file] = readdirSync(join(dataDir, 'backups'))
    expect(file).toMatch(/^shop-\d{8}T\d{6}Z\.pglite\.tar\.gz$/)
    expect(taken.out).toContain(`Backup of the embedded database written: ${join(dataDir, 'backups', file!)}`)

    const newDataDir = folder('shop-restore-')
    const restored = await command('restore', { DATA_DIR: newDataDir }, [join(dataDir, 'backups', file!)])
    expect(restored.err).toBe('')
    expect(restored.code).toBe(0)
    // Never over a database: a second restore into the same folder is refused.
    const again = await command('restore', { DATA_DIR: newDataDir }, [join(dataDir, 'backups', file!)])
    expect(again.code).toBe(1)
    expect(again.err).toMatch(/already holds a database: move it away/)

    expect(restored.out).toContain('Invoicing stays stopped until an admin checks and resumes it at /admin/verifactu')
    database = openDatabase({ dataDir: newDataDir })
    try {
      expect(await contents(database.db)).toEqual(before)
      // Invoices issued after the backup may exist: none is issued until an admin resumes (docs/decisions/030).
      for (const service of verifactuServices) expect(await invoicingHalt(database.db, service)).toMatchObject({ reason: 'restore', detail: file })
    } finally {
      await database.close()
    }
  }, 180_000)

  it('refuses a file that is not a backup of its kind', async () => {
    const dir = folder('shop-not-a-backup-')
    const file = join(dir, 'notes.txt')
    writeFileSync(file, 'not a backup')
    const refused = await command('restore', { DATA_DIR: join(dir, 'data') }, [file])
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(/notes\.txt is not a backup of the embedded database/)
  })

  it('keeps the seven newest when pruning', () => {
    const dir = folder('shop-prune-')
    const names = Array.from({ length: 9 }, (_, day) => backupFileName('pglite', new Date(Date.UTC(2026, 10, day + 1, 3))))
    for (const name of names) writeFileSync(join(dir, name), '')
    writeFileSync(join(dir, 'keep-me.txt'), '')
    // A copy touched later (its file time newest) is still as old as its name says.
    utimesSync(join(dir, names[0]!), new Date(), new Date())
    expect(pruneBackups(dir, 7).sort()).toEqual(names.slice(0, 2))
    expect(readdirSync(dir).sort()).toEqual([...names.slice(2), 'keep-me.txt'].sort())
  })
})

const templateUrl = inject('pgTemplateUrl')

describe.skipIf(!templateUrl)('backups on PostgreSQL', () => {
  const source = `shop_backup_${randomBytes(4).toString('hex')}`
  const target = `${source}_restored`
  const admin = () => postgres(withDatabase(templateUrl!, 'postgres'), { max: 1, onnotice: () => {} })
  afterAll(async () => {
    const cleanup = admin()
    await cleanup.unsafe(`drop database if exists "${source}" with (force)`)
    await cleanup.unsafe(`drop database if exists "${target}" with (force)`)
    await cleanup.end()
  })

  it('dumps a running shop at any time and restores into an empty database only, with the same orders, users and catalog', async () => {
    const create = admin()
    await create.unsafe(`create database "${source}" template "${new URL(templateUrl!).pathname.slice(1)}"`)
    await create.unsafe(`create database "${target}"`)
    await create.end()
    // Open (as the running shop holds it) while the backup is taken.
    const shop = openDatabase({ url: withDatabase(templateUrl!, source) })
    const dir = folder('shop-pg-backup-')
    try {
      await shopWithAnOrder(shop.db)
      const before = await contents(shop.db)
      const taken = await command('backup', { DATABASE_URL: withDatabase(templateUrl!, source), DATA_DIR: dir }, [dir])
      expect(taken.err).toBe('')
      expect(taken.code).toBe(0)
      const [file] = readdirSync(dir).filter((name) => name.endsWith('.dump'))
      expect(taken.out).toContain(`Backup of the PostgreSQL database written: ${join(dir, file!)}`)

      const restored = await command('restore', { DATABASE_URL: withDatabase(templateUrl!, target), DATA_DIR: dir }, [join(dir, file!)])
      expect(restored.err).toBe('')
      expect(restored.code).toBe(0)
      const again = await command('restore', { DATABASE_URL: withDatabase(templateUrl!, target), DATA_DIR: dir }, [join(dir, file!)])
      expect(again.code).toBe(1)
      expect(again.err).toMatch(/the database to restore into is not empty \(\d+ tables\)/)

      const copy = openDatabase({ url: withDatabase(templateUrl!, target) })
      try {
        expect(await contents(copy.db)).toEqual(before)
        expect(await invoicingHalt(copy.db, 'production')).toMatchObject({ reason: 'restore', detail: file })
      } finally {
        await copy.close()
      }
    } finally {
      await shop.close()
    }
  }, 180_000)
})
