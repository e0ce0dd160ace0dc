// The built-in pictures committed in src/assets/images, as the shop picks them (src/lib/images.ts): every
// seeded product and category in AVIF and WebP at the same widths, one of them fit for a phone.
import { describe, expect, it } from 'vitest'
import { seedCategories, seedProducts } from '../../server/db/seed-data.ts'
import { firstCardPreload, imagePreload, imageSizes, responsiveImage, type ResponsiveImage } from '../../src/lib/images.ts'

const widths = (srcSet: string) => srcSet.split(', ').map((candidate) => Number(candidate.split(' ')[1]?.replace('w', '')))
const extensions = (srcSet: string) => new Set(srcSet.split(', ').map((candidate) => candidate.split(' ')[0]?.split('.').pop()))

function found(image: ResponsiveImage | null): ResponsiveImage {
  if (!image) throw new Error('no image')
  return image
}

// A phone's one-column card or product picture: 412 px wide, 376 px of picture, at DPR 1.75 (Lighthouse's phone).
const phoneCardPixels = 376 * 1.75

describe('responsive images', () => {
  it('every product and category has the same widths in AVIF and WebP, one of them sharp enough for a phone without the largest', () => {
    const images = [
      ...seedProducts.map((p) => found(responsiveImage('products', p.slug))),
      ...seedCategories.map((c) => found(responsiveImage('categories', c.slug))),
    ]
    for (const image of images) {
      expect(widths(image.avifSrcSet)).toEqual(widths(image.srcSet))
      expect(extensions(image.avifSrcSet)).toEqual(new Set(['avif']))
      expect(extensions(image.srcSet)).toEqual(new Set(['webp']))
      const phone = widths(image.srcSet).find((w) => w >= phoneCardPixels)
      expect(phone).toBeLessThan(image.width)
    }
  })

  it('gives the intrinsic size of the largest rendition in its kind’s aspect ratio', () => {
    const product = found(responsiveImage('products', seedProducts[0]!.slug))
    expect(product.src).toMatch(/-1200(-[\w-]+)?\.webp$/)
    expect([product.width, product.height]).toEqual([1200, 1500])
    const hero = found(responsiveImage('hero', 'hero'))
    expect(hero.width / hero.height).toBeCloseTo(16 / 9, 2)
    const portrait = found(responsiveImage('hero-portrait', 'hero'))
    expect(portrait.height).toBeGreaterThan(portrait.width)
  })

  it('has no image for an unknown slug, and nothing to preload for it', () => {
    expect(responsiveImage('products', 'no-such-panel')).toBeNull()
    expect(imagePreload(null, imageSizes.card)).toEqual([])
    expect(firstCardPreload([])).toEqual([])
  })

  it('preloads the AVIF candidates with the sizes the picture uses', () => {
    const slug = seedProducts[0]!.slug
    const image = found(responsiveImage('products', slug))
    expect(firstCardPreload([{ photo: { imageKey: slug, imageId: null } }])).toEqual([
      { rel: 'preload', as: 'image', type: 'image/avif', imageSrcSet: image.avifSrcSet, imageSizes: imageSizes.card, fetchPriority: 'high' },
    ])
    expect(imagePreload(image, imageSizes.hero, '(max-aspect-ratio: 1/1)')[0]?.media).toBe('(max-aspect-ratio: 1/1)')
  })
})
