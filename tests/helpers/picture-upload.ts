import sharp from 'sharp'
import { testPublicUrl, type TestApp } from './app.ts'
import type { SignedInShopper } from './accounts.ts'

// The owner's picture uploads as a browser sends them (server/http/media.ts): a real photo's
// bytes, in a multipart body, with the admin's cookies and the shop's origin.

/**
 * A photo with camera metadata (EXIF: the owner's camera, a copyright line) and a given size; `tint`
 * makes a photo whose bytes differ from another's (a different upload).
 */
export function photo(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 1000, height = 1300, tint = 0) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 180, g: 170 - tint, b: 150 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="300" cy="300" r="200" fill="#503010"/></svg>`) }])
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Owner home address' } })
  return image.toFormat(format).toBuffer()
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(file: Buffer, name: string, type: string) {
  const form = new FormData()
  form.append('picture', new Blob([new Uint8Array(file)], { type }), name)
  const request = new Request('http://local/', { method: 'POST', body: form })
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' }
}

function cookieOf(who: SignedInShopper) {
  return [...who.shopper.jar].map(([k, v]) => `${k}=${v}`).join('; ')
}

/** Uploads a file as a product's new photo, or (`kind: 'categories'`) as a category's picture. */
export async function upload(
  t: TestApp,
  who: SignedInShopper | null,
  ownerId: string,
  file: Buffer,
  opts: { name?: string; type?: string; origin?: string; language?: 'es' | 'en'; kind?: 'products' | 'categories' } = {},
) {
  const body = await multipart(file, opts.name ?? 'foto.jpg', opts.type ?? 'image/jpeg')
  return t.app.inject({
    method: 'POST',
    url: opts.kind === 'categories' ? `/admin/categories/${ownerId}/picture` : `/admin/products/${ownerId}/photos`,
    headers: {
      'content-type': body.contentType,
      origin: opts.origin ?? testPublicUrl,
      // The admin's language, as the page being read sets it (docs/product.md#language).
      cookie: [`lang=${opts.language ?? 'es'}`, ...(who ? [cookieOf(who)] : [])].join('; '),
    },
    payload: body.payload,
  })
}
