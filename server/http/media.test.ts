import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogAudit, categories, productPhotos, products } from '../db/schema/index.ts'
import { s3MediaStore } from '../services/media/store.ts'
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts'
import { photo, upload } from '../../tests/helpers/picture-upload.ts'
import { sharedTestApp } from '../../tests/helpers/shared-app.ts'
import { shopperAs, type SignedInShopper } from '../../tests/helpers/accounts.ts'
import { pictureKeys, pictureWidths } from '../../core/pictures.ts'

// The owner uploads a product's picture. The server checks the bytes (not the name),
// refuses anything but JPEG, PNG and WebP with a clear message, strips metadata, and writes the
// shop's widths as AVIF and WebP to DATA_DIR/media or an S3-compatible bucket.

/** The first seeded product and the uploads among its photos, in order. */
async function firstProduct(t: TestApp) {
  const [row] = await t.database.db.select({ id: products.id, slug: products.slug }).from(products).orderBy(products.slug).limit(1)
  if (!row) throw new Error('no seeded product')
  const photos = await t.database.db
    .select({ fileId: productPhotos.fileId, altEs: productPhotos.altEs })
    .from(productPhotos)
    .where(eq(productPhotos.productId, row.id))
    .orderBy(productPhotos.position)
  return { ...row, photos }
}

const mediaFiles = (t: TestApp) => {
  try {
    return readdirSync(join(t.env.DATA_DIR, 'media', 'products'))
  } catch {
    return []
  }
}

describe('picture uploads to DATA_DIR/media', () => {
  let admin: SignedInShopper
  const t = sharedTestApp()
  beforeAll(async () => {
    admin = await shopperAs(t, 'admin')
  })

  it('makes every width in AVIF and WebP, 4:5, and the PDF’s JPEG, without the photo’s metadata, as the product’s last photo', async () => {
    const product = await firstProduct(t)
    const res = await upload(t, admin, product.id, await photo('jpeg'))
    expect(res.statusCode, res.body).toBe(200)
    const { imageId, photoId } = res.json<{ imageId: string; photoId: string }>()
    expect(photoId).toMatch(/^[0-9a-f-]{36}$/)
    expect(imageId).toMatch(/^[0-9a-f]{32}$/)
    for (const width of pictureWidths) {
      for (const format of ['avif', 'webp'] as const) {
        const file = await t.app.inject({ method: 'GET', url: `/media/products/${imageId}-${width}.${format}` })
        expect(file.statusCode).toBe(200)
        expect(file.headers['content-type']).toBe(`image/${format}`)
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        const meta = await sharp(file.rawPayload).metadata()
        expect([meta.width, meta.height]).toEqual([width, width * 1.25])
        expect(meta.exif).toBeUndefined()
        expect(file.rawPayload.includes('SecretCam')).toBe(false)
      }
    }
    // The PDF's JPEG is in the store, not served.
    const jpeg = readFileSync(join(t.env.DATA_DIR, 'media', 'products', `${imageId}-pdf.jpg`))
    const jpegMeta = await sharp(jpeg).metadata()
    expect([jpegMeta.format, jpegMeta.width, jpegMeta.height, jpegMeta.exif]).toEqual(['jpeg', 600, 750, undefined])
    expect((await t.app.inject({ method: 'GET', url: `/media/products/${imageId}-pdf.jpg` })).statusCode).toBe(404)
    // After the built-in picture, its texts to be written.
    expect((await firstProduct(t)).photos).toEqual([...product.photos, { fileId: imageId, altEs: '' }])
    const shown = await t.app.inject({
      method: 'GET',
      url: `/trpc/catalog.product?input=${encodeURIComponent(JSON.stringify({ slug: product.slug }))}`,
    })
    expect(shown.body).toContain(imageId)
    const audit = await t.database.db.select().from(catalogAudit).where(eq(catalogAudit.entityId, product.id))
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'update',
        actorEmail: admin.user?.email,
        changes: [{ field: 'photoAdded', from: product.photos.length, to: product.photos.length + 1 }],
      }),
    ])
  })

  it.each(['png', 'webp'] as const)('takes a %s too', async (format) => {
    const product = await firstProduct(t)
    const res = await upload(t, admin, product.id, await photo(format, 800, 1000), { name: `foto.${format}`, type: `image/${format}` })
    expect(res.statusCode, res.body).toBe(200)
  })

  it.each([
    [
      'a text file named like a photo',
      async () => Buffer.from('not a picture at all, just words\n'.repeat(50)),
      'es',
      'Este archivo no se puede leer como imagen',
    ],
    ['a GIF', () => photo('gif', 800, 1000), 'en', 'Upload a JPEG, PNG or WebP picture'],
    ['a picture too small for the shop', () => photo('jpeg', 500, 600), 'es', 'La imagen debe tener al menos 760 × 950 píxeles'],
    ['a JPEG cut in half', async () => (await photo('jpeg')).subarray(0, 4000), 'en', 'This file could not be read as a picture'],
  ] as const)('refuses %s with a clear message and changes nothing', async (_what, make, language, message) => {
    const product = await firstProduct(t)
    const before = mediaFiles(t).length
    const res = await upload(t, admin, product.id, await make(), { language })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe(message)
    expect(mediaFiles(t).length).toBe(before)
    expect((await firstProduct(t)).photos).toEqual(product.photos)
  })

  it('refuses a file over 10 MB', async () => {
    const product = await firstProduct(t)
    const res = await upload(t, admin, product.id, Buffer.alloc(10 * 1024 * 1024 + 1, 1), { language: 'en' })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe('The picture is larger than 10 MB')
  })

  it.each([
    ['a visitor', 'anonymous', 401],
    ['a customer', 'customer', 403],
    ['a wholesale customer', 'b2b', 403],
  ] as const)('refuses %s (%i) and stores nothing', async (_who, kind, status) => {
    const product = await firstProduct(t)
    const who = kind === 'anonymous' ? null : await shopperAs(t, kind)
    const before = mediaFiles(t).length
    const res = await upload(t, who, product.id, await photo('jpeg'))
    expect(res.statusCode).toBe(status)
    expect(mediaFiles(t).length).toBe(before)
  })

  it('refuses an admin’s upload sent from another site', async () => {
    const product = await firstProduct(t)
    const res = await upload(t, admin, product.id, await photo('jpeg'), { origin: 'https://evil.example' })
    expect(res.statusCode).toBe(403)
  })

  it('answers 404 for an unknown product and for anything but a picture’s name under /media', async () => {
    const res = await upload(t, admin, '00000000-0000-4000-8000-000000000000', await photo('jpeg'))
    expect(res.statusCode).toBe(404)
    for (const url of [
      '/media/products/../../auth-secret',
      '/media/products/abc-400.webp',
      `/media/products/${'0'.repeat(32)}-400.webp`,
      '/media/auth-secret',
    ]) {
      const file = await t.app.inject({ method: 'GET', url })
      expect(file.statusCode, url).toBe(404)
    }
  })
})

describe('category pictures', () => {
  let admin: SignedInShopper
  const t = sharedTestApp()
  beforeAll(async () => {
    admin = await shopperAs(t, 'admin')
  })
  const firstCategory = async () => {
    const [row] = await t.database.db.select({ id: categories.id, imageId: categories.imageId }).from(categories).limit(1)
    if (!row) throw new Error('no seeded category')
    return row
  }

  it('crops a category’s picture to 3:2, serves it and shows it in the shop’s categories, with an audit row', async () => {
    const category = await firstCategory()
    const res = await upload(t, admin, category.id, await photo('jpeg', 1600, 1000), { kind: 'categories' })
    expect(res.statusCode, res.body).toBe(200)
    const { imageId } = res.json<{ imageId: string }>()
    for (const width of pictureWidths) {
      const file = await t.app.inject({ method: 'GET', url: `/media/categories/${imageId}-${width}.avif` })
      expect(file.statusCode).toBe(200)
      const meta = await sharp(file.rawPayload).metadata()
      expect([meta.width, meta.height]).toEqual([width, Math.round((width * 2) / 3)])
    }
    const shown = await t.app.inject({ method: 'GET', url: '/trpc/catalog.categories' })
    expect(shown.json<{ result: { data: Array<{ id: string; imageId: string | null }> } }>().result.data).toContainEqual(
      expect.objectContaining({ id: category.id, imageId }),
    )
    const audit = await t.database.db.select().from(catalogAudit).where(eq(catalogAudit.entityId, category.id))
    expect(audit).toContainEqual(
      expect.objectContaining({ entity: 'category', action: 'update', changes: [{ field: 'imageId', from: category.imageId, to: imageId }] }),
    )
  })

  it('refuses a picture too small for a category’s 3:2 with its own minimum', async () => {
    const category = await firstCategory()
    const res = await upload(t, admin, category.id, await photo('jpeg', 700, 1000), { kind: 'categories', language: 'en' })
    expect(res.statusCode).toBe(400)
    expect(res.json<{ message: string }>().message).toBe('The picture must be at least 760 × 507 pixels')
    expect((await firstCategory()).imageId).toBe(category.imageId)
  })

  it.each([
    ['a visitor', 'anonymous', 401],
    ['a customer', 'customer', 403],
    ['a wholesale customer', 'b2b', 403],
  ] as const)('refuses %s (%i)', async (_who, kind, status) => {
    const category = await firstCategory()
    const who = kind === 'anonymous' ? null : await shopperAs(t, kind)
    const res = await upload(t, who, category.id, await photo('jpeg', 1600, 1000), { kind: 'categories' })
    expect(res.statusCode).toBe(status)
    expect((await firstCategory()).imageId).toBe(category.imageId)
  })

  it('answers 404 for an unknown category', async () => {
    const res = await upload(t, admin, '00000000-0000-4000-8000-000000000000', await photo('jpeg', 1600, 1000), {
      kind: 'categories',
      language: 'en',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json<{ message: string }>().message).toBe('Category not found')
  })
})

describe('picture uploads to an S3-compatible bucket', () => {
  let s3: S3rver
  let t: TestApp
  let endpoint: string
  const bucket = 'shop-media'
  const s3Dir = mkdtempSync(join(tmpdir(), 's3rver-'))
  const credentials = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address()
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
    s3 = new S3rver({ port, address: '127.0.0.1', directory: s3Dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] })
    await s3.run()
    endpoint = `http://127.0.0.1:${port}`
    t = await createTestApp({ env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1', S3_PREFIX: 'shop/', ...credentials } })
  })
  afterAll(async () => {
    await t?.app.close()
    await s3?.close()
    rmSync(s3Dir, { recursive: true, force: true })
  })

  it('keeps the renditions in the bucket, serves them, writes nothing to DATA_DIR, and deletes them with the photo', async () => {
    const admin = await shopperAs(t, 'admin')
    const product = await firstProduct(t)
    const res = await upload(t, admin, product.id, await photo('jpeg'))
    expect(res.statusCode, res.body).toBe(200)
    const { imageId, photoId } = res.json<{ imageId: string; photoId: string }>()
    // Read back through a second client, as another instance of the shop would.
    const other = s3MediaStore({
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      prefix: 'shop/',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    const stored = await other.get(`products/${imageId}-760.avif`)
    expect(stored?.contentType).toBe('image/avif')
    expect((await sharp(stored?.body).metadata()).width).toBe(760)
    const served = await t.app.inject({ method: 'GET', url: `/media/products/${imageId}-400.webp` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(mediaFiles(t)).toEqual([])
    expect((await other.get(`products/${imageId}-pdf.jpg`))?.contentType).toBe('image/jpeg')

    const removed = await admin.shopper.mutation('admin.products.removePhoto', { productId: product.id, photoId })
    expect(removed.status, removed.res.body).toBe(200)
    for (const key of pictureKeys('products', imageId)) expect(await other.get(key), key).toBeNull()
    expect((await t.app.inject({ method: 'GET', url: `/media/products/${imageId}-400.webp` })).statusCode).toBe(404)
  })
})
