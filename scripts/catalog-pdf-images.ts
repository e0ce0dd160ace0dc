// The PDF catalog's pictures: JPEG copies of the product and category images (PDF embeds JPEG and
// PNG, not WebP), small enough for an email attachment. Run after replacing a built-in picture:
//   node scripts/catalog-pdf-images.ts
import { mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'server/services/catalog-pdf/images')
await mkdir(out, { recursive: true })
for (const kind of ['products', 'categories'] as const) {
  const dir = join(root, 'src/assets/images', kind)
  for (const file of await readdir(dir)) {
    const match = /^(.+)-400\.webp$/.exec(file)
    if (!match) continue
    await sharp(join(dir, file))
      .jpeg({ quality: 72, mozjpeg: true })
      .toFile(join(out, `${match[1]}.jpg`))
  }
}
console.log(`catalog PDF images written to ${out}`)
