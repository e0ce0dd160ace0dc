// The built-in pictures are committed in src/assets/images, drawn once by an image generator that is not
// part of the shop (docs/decisions/034), and chosen by name (docs/product.md#catalog). Importing them
// through Vite gives hashed, immutable URLs. Each width exists as WebP (every browser) and AVIF (smaller).
const webpFiles = import.meta.glob<string>('../assets/images/**/*.webp', { eager: true, query: '?url', import: 'default' })
const avifFiles = import.meta.glob<string>('../assets/images/**/*.avif', { eager: true, query: '?url', import: 'default' })

import { pictureAspect, picturePath, pictureWidths, type PictureKind } from '../../core/pictures.ts'

export type ImageKind = 'products' | 'categories' | 'hero' | 'hero-portrait' | 'gallery'

const aspect: Record<ImageKind, [number, number]> = {
  products: [4, 5],
  categories: [3, 2],
  hero: [16, 9],
  'hero-portrait': [9, 16],
  gallery: [1, 1],
}

/**
 * `sizes` of each place an image is shown, from its layout (theme gutter clamp(1rem, 0.6rem + 2vw, 2rem),
 * 1200 px max width), so the browser takes the smallest file that is sharp enough. Kept here because the
 * <picture> and the route's preload must say exactly the same.
 */
export const imageSizes = {
  /** ProductGrid cards (products and categories): 1 column, 2 from 600 px, 3 from 1200 px (gap 1.5rem). */
  card: '(min-width: 1200px) 363px, (min-width: 600px) calc(48vw - 22px), calc(96vw - 19px)',
  /** The product page's picture: the full width, half the 1200 px page (gap 4rem) from 900 px. */
  productPage: '(min-width: 1200px) 536px, (min-width: 900px) calc(48vw - 42px), calc(96vw - 19px)',
  /** The product page's other photos: two to a row under the first (gap 0.75rem). */
  productPageMore: '(min-width: 1200px) 262px, (min-width: 900px) calc(24vw - 27px), calc(48vw - 16px)',
  /** The home hero covers the screen's width (portrait screens get the portrait crop). */
  hero: '100vw',
} as const

/** Where the home hero switches to its portrait crop: the box it covers is then taller than wide. */
export const heroPortraitMedia = '(max-aspect-ratio: 1/1)'

export interface ResponsiveImage {
  /** The widest WebP, for browsers without srcset. */
  src: string
  /** Every WebP rendition. */
  srcSet: string
  /** Every AVIF rendition; empty when none was generated. */
  avifSrcSet: string
  width: number
  height: number
}

function renditions(files: Record<string, string>, prefix: string, extension: string) {
  return Object.entries(files)
    .filter(([path]) => path.startsWith(prefix) && new RegExp(`^\\d+\\.${extension}$`).test(path.slice(prefix.length)))
    .map(([path, url]) => ({ width: Number(path.slice(prefix.length, -(extension.length + 1))), url }))
    .sort((a, b) => a.width - b.width)
}

const srcSetOf = (list: { width: number; url: string }[]) => list.map((r) => `${r.url} ${r.width}w`).join(', ')

/** The widest rendition as `src`, every rendition in the srcsets; null when the slug has no image. */
export function responsiveImage(kind: ImageKind, name: string): ResponsiveImage | null {
  const prefix = `../assets/images/${kind}/${name}-`
  const webp = renditions(webpFiles, prefix, 'webp')
  const largest = webp.at(-1)
  if (!largest) return null
  const [w, h] = aspect[kind]
  return {
    src: largest.url,
    srcSet: srcSetOf(webp),
    avifSrcSet: srcSetOf(renditions(avifFiles, prefix, 'avif')),
    width: largest.width,
    height: Math.round((largest.width * h) / w),
  }
}

/** A picture the owner uploaded (core/pictures.ts): the same widths and formats as a built-in one. */
export function uploadedImage(kind: PictureKind, id: string): ResponsiveImage {
  const largest = pictureWidths.at(-1) ?? 1200
  const srcSet = (format: 'avif' | 'webp') => pictureWidths.map((width) => `${picturePath(kind, id, width, format)} ${width}w`).join(', ')
  const aspect = pictureAspect[kind]
  return {
    src: picturePath(kind, id, largest, 'webp'),
    srcSet: srcSet('webp'),
    avifSrcSet: srcSet('avif'),
    width: largest,
    height: Math.round((largest * aspect.height) / aspect.width),
  }
}

/** Where a product photo's files are: an upload (core/pictures.ts) or a built-in picture set. */
export interface PhotoSource {
  imageId: string | null
  imageKey: string | null
}

/** A product photo's picture (an upload, else a built-in set); null for no photo. */
export function productImage(photo: PhotoSource | null): ResponsiveImage | null {
  if (!photo) return null
  if (photo.imageId) return uploadedImage('products', photo.imageId)
  return photo.imageKey ? responsiveImage('products', photo.imageKey) : null
}

/** A category's picture: the one the owner uploaded, else the built-in one named by its slug, else none. */
export function categoryImage(category: { imageId: string | null; slug: string }): ResponsiveImage | null {
  return category.imageId ? uploadedImage('categories', category.imageId) : responsiveImage('categories', category.slug)
}

/**
 * A route head's preload of the page's largest image (its LCP), the AVIF the <picture> picks, so the
 * download starts with the HTML instead of after the layout. Browsers without AVIF skip it (`type`).
 */
export function imagePreload(image: ResponsiveImage | null, sizes: string, media?: string) {
  if (!image?.avifSrcSet) return []
  return [
    {
      rel: 'preload',
      as: 'image',
      type: 'image/avif',
      imageSrcSet: image.avifSrcSet,
      imageSizes: sizes,
      fetchPriority: 'high' as const,
      ...(media ? { media } : {}),
    },
  ]
}

/** The preload of a list page's first product card (a ProductGrid that `leadsPage`): its LCP on a phone. */
export function firstCardPreload(products: readonly { photo: PhotoSource | null }[] | undefined) {
  const first = products?.[0]
  return first ? imagePreload(productImage(first.photo), imageSizes.card) : []
}
