import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedDatabase } from './pglite.ts'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { migrationsFolder } from './client.ts'
import { withDatabase } from '../../tests/helpers/pg-url.ts'

// Migrations that move data, each run over rows written as the shop wrote them before it, on the
// run's database: PGlite, or a fresh database on the real PostgreSQL. Migration 0018
// (docs/decisions/022) moves live orders onto the two axes (one status that said "refunded", the
// carrier and the refund on the order, given-back payments in their own table); 0032 gives each
// shipment its lines; 0033 keeps the products there were in the shop when drafts came; 0034 makes
// each product's picture its first photo.

const upTo = (tag: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-migrations-'))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalFile = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> }
  const last = journal.entries.findIndex((entry) => entry.tag === tag)
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }))
  return dir
}

const before = upTo('0017_jobs')
const beforeShipmentLines = upTo('0031_order_payable_until')
const beforeDrafts = upTo('0032_shipment_lines_and_withdrawals')
const beforePhotos = upTo('0033_product_drafts')
afterAll(() => {
  rmSync(beforePhotos, { recursive: true, force: true })
  rmSync(beforeDrafts, { recursive: true, force: true })
  rmSync(before, { recursive: true, force: true })
  rmSync(beforeShipmentLines, { recursive: true, force: true })
})

interface EmptyDatabase {
  migrate(folder: string): Promise<void>
  query<T>(text: string, params?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

async function emptyDatabase(): Promise<EmptyDatabase> {
  const template = inject('pgTemplateUrl')
  if (!template) {
    const client = embeddedDatabase()
    const db = drizzlePglite({ client })
    return {
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
      close: () => client.close(),
    }
  }
  const name = `shop_migration_${randomBytes(4).toString('hex')}`
  const admin = postgres(withDatabase(template, 'postgres'), { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const client = postgres(withDatabase(template, name), { max: 1, onnotice: () => {} })
  const db = drizzlePostgres({ client })
  return {
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    query: async <T>(text: string, params: unknown[] = []) => [...(await client.unsafe(text, params as never[]))] as T[],
    async close() {
      await client.end()
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end()
    },
  }
}

describe('migration 0018: the order on two axes, shipments and refunds as rows', () => {
  it('keeps where a refunded order’s goods got to, and moves its shipment and refunds into rows', async () => {
    const database = await emptyDatabase()
    await database.migrate(before)

    const order = async (n: number, columns: string, values: string) => {
      const rows = await database.query<{ id: string }>(
        `insert into orders (order_number, customer_name, customer_email, customer_phone, shipping_address, subtotal_cents, total_cents, checkout_key${columns})
         values ('ORD-${n}', 'Lucía', 'lucia@example.com', '600000000', '{}', 10000, 10000, 'key-${n}'${values}) returning id`,
      )
      return rows[0]!.id
    }
    const delivered = await order(
      1,
      ', status, payment_status, payment_session_id, carrier, tracking, shipped_at, delivered_at, refunded_at, provider_refund_id',
      `, 'refunded', 'refunded', 'cs_1', 'SEUR', 'TRK1', '2026-10-02T00:00:00Z', '2026-10-04T00:00:00Z', '2026-10-06T00:00:00Z', 're_1'`,
    )
    const shippedOnly = await order(
      2,
      ', status, payment_status, payment_session_id, carrier, shipped_at, refunded_at, provider_refund_id',
      `, 'refunded', 'refunded', 'cs_2', 'MRW', '2026-10-02T00:00:00Z', '2026-10-03T00:00:00Z', 're_2'`,
    )
    const neverSent = await order(
      3,
      ', status, payment_status, payment_session_id, refunded_at, provider_refund_id',
      `, 'refunded', 'refunded', 'cs_3', '2026-10-03T00:00:00Z', 're_3'`,
    )
    const inTransit = await order(
      4,
      ', status, payment_status, payment_session_id, tracking, shipped_at',
      `, 'shipped', 'paid', 'cs_4', 'TRK4', '2026-10-05T00:00:00Z'`,
    )
    const cancelled = await order(5, ', status, payment_status, payment_session_id', `, 'cancelled', 'refunded', 'cs_5'`)
    const pending = await order(6, ', status, payment_expires_at', `, 'pending', '2026-10-07T00:00:00Z'`)
    const [corrective] = await database.query<{ id: string }>(
      `insert into invoices (number, kind, year, sequence, order_id, language, seller, buyer, lines, tax_rate_basis_points, taxable_base_cents, tax_cents, total_cents)
       values ('R2026-000001', 'corrective', 2026, 1, $1, 'es', '{}', '{}', '[]', 2100, -8264, -1736, -10000) returning id`,
      [delivered],
    )
    await database.query(
      `insert into payment_refunds (session_id, order_id, amount_cents, reason, provider_refund_id, created_at)
       values ('cs_5', $1, 10000, 'order cancelled', 're_5', '2026-10-08T00:00:00Z'), ('cs_6_old', $2, null, 'order changed', null, '2026-10-09T00:00:00Z')`,
      [cancelled, pending],
    )

    await database.migrate(migrationsFolder)

    const states = await database.query<{ order_number: string; status: string; payment_status: string }>(
      'select order_number, status, payment_status from orders order by order_number',
    )
    expect(states).toEqual([
      { order_number: 'ORD-1', status: 'delivered', payment_status: 'refunded' },
      { order_number: 'ORD-2', status: 'shipped', payment_status: 'refunded' },
      { order_number: 'ORD-3', status: 'confirmed', payment_status: 'refunded' },
      { order_number: 'ORD-4', status: 'shipped', payment_status: 'paid' },
      { order_number: 'ORD-5', status: 'cancelled', payment_status: 'refunded' },
      { order_number: 'ORD-6', status: 'pending', payment_status: 'pending' },
    ])
    const shipments = await database.query(
      `select order_id, carrier, tracking, to_char(shipped_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as shipped_at from shipments order by shipped_at, order_id`,
    )
    expect(shipments).toEqual(
      expect.arrayContaining([
        { order_id: delivered, carrier: 'SEUR', tracking: 'TRK1', shipped_at: '2026-10-02T00:00:00Z' },
        { order_id: shippedOnly, carrier: 'MRW', tracking: null, shipped_at: '2026-10-02T00:00:00Z' },
        { order_id: inTransit, carrier: null, tracking: 'TRK4', shipped_at: '2026-10-05T00:00:00Z' },
      ]),
    )
    expect(shipments).toHaveLength(3)
    const refunds = await database.query(
      `select order_id, kind, payment_session_id, amount_cents, reason, provider_refund_id, corrective_invoice_id, to_char(refunded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as refunded_at from refunds order by payment_session_id`,
    )
    expect(refunds).toEqual([
      row(delivered, 'order_payment', 'cs_1', 10000, null, 're_1', corrective!.id, '2026-10-06T00:00:00Z'),
      row(shippedOnly, 'order_payment', 'cs_2', 10000, null, 're_2', null, '2026-10-03T00:00:00Z'),
      row(neverSent, 'order_payment', 'cs_3', 10000, null, 're_3', null, '2026-10-03T00:00:00Z'),
      row(cancelled, 'unused_payment', 'cs_5', 10000, 'order cancelled', 're_5', null, '2026-10-08T00:00:00Z'),
      // A give-back the provider never confirmed (a crash mid-way) stays unconfirmed.
      row(pending, 'unused_payment', 'cs_6_old', null, 'order changed', null, null, null),
    ])
    // The expiry job's index is back, on the new type.
    const [index] = await database.query<{ indexdef: string }>(`select indexdef from pg_indexes where indexname = 'orders_pending_expiry_idx'`)
    expect(index?.indexdef).toContain(`WHERE (status = 'pending'::order_status)`)
    await database.close()
  }, 120_000)
})

describe('migration 0032: shipments keep their panels and their carrier from the list', () => {
  it('gives each older shipment all of its order’s panels, and a carrier named on the list its code', async () => {
    const database = await emptyDatabase()
    await database.migrate(beforeShipmentLines)
    const order = async (n: number) => {
      const [created] = await database.query<{ id: string }>(
        `insert into orders (order_number, customer_name, customer_email, customer_phone, shipping_address, subtotal_cents, total_cents, checkout_key, status, payment_status)
         values ('ORD-${n}', 'Lucía', 'lucia@example.com', '600000000', '{}', 10000, 10000, 'key-${n}', 'shipped', 'paid') returning id`,
      )
      return created!.id
    }
    const item = async (orderId: string, position: number, quantity: number) => {
      const [created] = await database.query<{ id: string }>(
        `insert into order_items (order_id, product_name, quantity, unit_price_cents, subtotal_cents, position)
         values ($1, 'Panel', $2, 1000, $3, $4) returning id`,
        [orderId, quantity, quantity * 1000, position],
      )
      return created!.id
    }
    const twoLines = await order(1)
    const first = await item(twoLines, 0, 3)
    const second = await item(twoLines, 1, 5)
    const oneLine = await order(2)
    const only = await item(oneLine, 0, 2)
    const noLines = await order(3)
    await database.query(
      `insert into shipments (order_id, carrier, tracking) values ($1, 'Correos Express', 'T1'), ($2, 'seur ', null), ($3, 'Transportes Vega', null), ($3, null, 'T4')`,
      [twoLines, oneLine, noLines],
    )

    await database.migrate(migrationsFolder)

    const rows = await database.query<{ order_id: string; carrier: string | null; carrier_code: string | null; lines: unknown }>(
      'select s.order_id, s.carrier, s.carrier_code, s.lines from shipments s join orders o on o.id = s.order_id order by o.order_number, s.carrier is null',
    )
    const sorted = (lines: unknown) => [...(lines as Array<{ itemId: string; quantity: number }>)].sort((a, b) => a.quantity - b.quantity)
    expect(rows.map((shipment) => ({ ...shipment, lines: sorted(shipment.lines) }))).toEqual([
      {
        order_id: twoLines,
        carrier: 'Correos Express',
        carrier_code: 'correos_express',
        lines: [
          { itemId: first, quantity: 3 },
          { itemId: second, quantity: 5 },
        ],
      },
      { order_id: oneLine, carrier: 'seur ', carrier_code: 'seur', lines: [{ itemId: only, quantity: 2 }] },
      { order_id: noLines, carrier: 'Transportes Vega', carrier_code: null, lines: [] },
      { order_id: noLines, carrier: null, carrier_code: null, lines: [] },
    ])
    await database.close()
  }, 120_000)
})

function row(
  orderId: string,
  kind: string,
  session: string,
  amount: number | null,
  reason: string | null,
  refundId: string | null,
  correctiveId: string | null,
  refundedAt: string | null,
) {
  return {
    order_id: orderId,
    kind,
    payment_session_id: session,
    amount_cents: amount,
    reason,
    provider_refund_id: refundId,
    corrective_invoice_id: correctiveId,
    refunded_at: refundedAt,
  }
}

describe('migration 0033: drafts', () => {
  it('leaves every product there was in the shop, and makes a product inserted after it a draft', async () => {
    const database = await emptyDatabase()
    try {
      await database.migrate(beforeDrafts)
      const [category] = await database.query<{ id: string }>(
        `insert into categories (slug, name_es, name_en, description_es, description_en) values ('marmol', 'Mármol', 'Marble', 'd', 'd') returning id`,
      )
      const product = (slug: string) =>
        database.query(
          `insert into products (slug, category_id, name_es, name_en, description_es, description_en, price_retail_cents, price_wholesale_cents, dimensions_width_cm, dimensions_height_cm)
           values ($1, $2, 'Panel', 'Panel', 'd', 'd', 8900, 6000, 122, 280)`,
          [slug, category!.id],
        )
      await product('antes-1')
      await product('antes-2')
      await database.query(`update products set archived_at = now() where slug = 'antes-2'`)
      await database.migrate(migrationsFolder)
      await product('despues')
      expect(await database.query('select slug, status from products order by slug')).toEqual([
        { slug: 'antes-1', status: 'published' },
        { slug: 'antes-2', status: 'published' },
        { slug: 'despues', status: 'draft' },
      ])
    } finally {
      await database.close()
    }
  })
})

describe('migration 0034: photos', () => {
  it('makes each product’s picture its first photo, described by its names: the upload where there was one, else the built-in one', async () => {
    const database = await emptyDatabase()
    try {
      await database.migrate(beforePhotos)
      const [category] = await database.query<{ id: string }>(
        `insert into categories (slug, name_es, name_en, description_es, description_en) values ('marmol', 'Mármol', 'Marble', 'd', 'd') returning id`,
      )
      const upload = 'f'.repeat(32)
      const product = (slug: string, imageKey: string | null, imageId: string | null) =>
        database.query(
          `insert into products (slug, category_id, name_es, name_en, description_es, description_en, price_retail_cents, price_wholesale_cents,
             dimensions_width_cm, dimensions_height_cm, status, image_key, image_id)
           values ($1, $2, $3, $4, 'd', 'd', 8900, 6000, 122, 280, 'published', $5, $6)`,
          [slug, category!.id, `Panel ${slug}`, `${slug} panel`, imageKey, imageId],
        )
      await product('a-integrado', 'a-integrado', null)
      await product('b-subido', 'b-subido', upload)
      await product('c-sin-imagen', null, null)
      await product('d-misma-subida', null, upload)
      await database.migrate(migrationsFolder)
      expect(
        await database.query(
          `select p.slug, f.position, f.file_id as "fileId", f.image_key as "imageKey", f.alt_es as "altEs", f.alt_en as "altEn"
           from product_photos f join products p on p.id = f.product_id order by p.slug`,
        ),
      ).toEqual([
        { slug: 'a-integrado', position: 0, fileId: null, imageKey: 'a-integrado', altEs: 'Panel a-integrado', altEn: 'a-integrado panel' },
        { slug: 'b-subido', position: 0, fileId: upload, imageKey: null, altEs: 'Panel b-subido', altEn: 'b-subido panel' },
        { slug: 'd-misma-subida', position: 0, fileId: upload, imageKey: null, altEs: 'Panel d-misma-subida', altEn: 'd-misma-subida panel' },
      ])
      expect(await database.query('select id, kind from media_files')).toEqual([{ id: upload, kind: 'products' }])
    } finally {
      await database.close()
    }
  })
})
