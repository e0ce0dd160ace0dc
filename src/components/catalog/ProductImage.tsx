import { responsiveImage, uploadedImage, type ImageKind } from '../../lib/images.ts'
import * as styles from './ProductImage.css.ts'

interface Props {
  kind: ImageKind
  /** The built-in picture set's name; null when there is none (the fallback shows). */
  name: string | null
  /** A picture the owner uploaded (core/pictures.ts): shown instead of the built-in one. */
  uploadedId?: string | null
  alt: string
  sizes: string
  className?: string
  /** The page's largest image (its LCP): loaded at once, first; its route preloads it too (imagePreload). */
  priority?: boolean
  /** Shown when no image exists for the name (a category without an image shows its initial). */
  fallbackLetter?: string
}

/**
 * A generated image chosen by slug: AVIF where the browser accepts it, WebP otherwise, responsive,
 * with its intrinsic size so nothing moves when it arrives.
 */
export function ProductImage({ kind, name, uploadedId, alt, sizes, className, priority = false, fallbackLetter }: Props) {
  const image =
    uploadedId && (kind === 'products' || kind === 'categories')
      ? uploadedImage(kind, uploadedId)
      : name === null
        ? null
        : responsiveImage(kind, name)
  if (!image) {
    // A decorative picture (alt="", beside its product's name) stays decorative without one.
    if (alt === '') {
      return (
        <div className={[styles.fallback, className].filter(Boolean).join(' ')} aria-hidden="true">
          <span>{(fallbackLetter ?? '').charAt(0).toUpperCase()}</span>
        </div>
      )
    }
    return (
      <div className={[styles.fallback, className].filter(Boolean).join(' ')} role="img" aria-label={alt}>
        <span aria-hidden="true">{(fallbackLetter ?? alt).charAt(0).toUpperCase()}</span>
      </div>
    )
  }
  return (
    <picture className={styles.picture}>
      {image.avifSrcSet ? <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} /> : null}
      <img
        className={[styles.image, className].filter(Boolean).join(' ')}
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  )
}
