// Pictures the owner uploads for a product (issue 12): what the server makes of an upload and what
// the shop's <picture> lists, in one place. The widths are the built-in pictures' (src/lib/images.ts).

/** Each upload becomes these widths, each as AVIF (smaller) and WebP (every browser). */
export const productPictureWidths = [400, 760, 1200] as const
export const productPictureFormats = ['avif', 'webp'] as const
export type PictureFormat = (typeof productPictureFormats)[number]
/** Product pictures are cropped to 4:5 (width:height), like the built-in ones. */
export const productPictureAspect = { width: 4, height: 5 } as const

/** The largest upload the shop takes. */
export const maxPictureBytes = 10 * 1024 * 1024
/** The smallest picture that fills the 760 px rendition without being blown up. */
export const minPictureSize = { width: 760, height: 950 } as const
/** What the upload accepts: the server checks the file's real content, this only guides the file picker. */
export const pictureAccept = 'image/jpeg,image/png,image/webp'

/** Where one rendition of an uploaded picture is served (and its key in the media store, without the prefix). */
export function productPicturePath(id: string, width: number, format: PictureFormat): string {
  return `/media/${productPictureKey(id, width, format)}`
}
export function productPictureKey(id: string, width: number, format: PictureFormat): string {
  return `products/${id}-${width}.${format}`
}
/** A media key the server will serve: nothing else is looked up (no paths from a URL reach the store). */
export const productPictureKeyPattern = /^products\/[0-9a-f]{32}-(?:400|760|1200)\.(?:avif|webp)$/
