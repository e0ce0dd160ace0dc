import { responsiveImage, type ImageKind } from '../../lib/images.ts'
import * as styles from './ProductImage.css.ts'

interface Props {
  kind: ImageKind
  name: string
  alt: string
  sizes: string
  className?: string
  priority?: boolean
  /** Shown when no image exists for the name (a category without an image shows its initial). */
  fallbackLetter?: string
}

/** A generated image chosen by slug, responsive, with its intrinsic size to avoid layout shift. */
export function ProductImage({ kind, name, alt, sizes, className, priority = false, fallbackLetter }: Props) {
  const image = responsiveImage(kind, name)
  if (!image) {
    return (
      <div className={[styles.fallback, className].filter(Boolean).join(' ')} role="img" aria-label={alt}>
        <span aria-hidden="true">{(fallbackLetter ?? alt).charAt(0).toUpperCase()}</span>
      </div>
    )
  }
  return (
    <img
      className={[styles.image, className].filter(Boolean).join(' ')}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  )
}
