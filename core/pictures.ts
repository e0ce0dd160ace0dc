// Pictures the owner uploads for products and categories (docs/product.md#owner): what the server
// makes of an upload and what the shop's <picture> lists, in one place. The widths are the built-in
// pictures' (src/lib/images.ts).

/** What an uploaded picture belongs to: its crop and its folder in the media store. */
export type PictureKind = 'products' | 'categories'

/** Each upload becomes these widths, each as AVIF (smaller) and WebP (every browser). */
export const pictureWidths = [400, 760, 1200] as const
export const pictureFormats = ['avif', 'webp'] as const
export type PictureFormat = (typeof pictureFormats)[number]
/** Product pictures are cropped to 4:5 (width:height) and category pictures to 3:2, like the built-in ones. */
export const pictureAspect: Record<PictureKind, { width: number; height: number }> = {
  products: { width: 4, height: 5 },
  categories: { width: 3, height: 2 },
}

/** The largest upload the shop takes. */
export const maxPictureBytes = 10 * 1024 * 1024
/** The smallest picture that fills the 760 px rendition without being blown up. */
export const minPictureSize: Record<PictureKind, { width: number; height: number }> = {
  products: { width: 760, height: 950 },
  categories: { width: 760, height: 507 },
}
/** What the upload accepts: the server checks the file's real content, this only guides the file picker. */
export const pictureAccept = 'image/jpeg,image/png,image/webp'

/** Where one rendition of an uploaded picture is served (and its key in the media store, without the prefix). */
export function picturePath(kind: PictureKind, id: string, width: number, format: PictureFormat): string {
  return `/media/${pictureKey(kind, id, width, format)}`
}
export function pictureKey(kind: PictureKind, id: string, width: number, format: PictureFormat): string {
  return `${kind}/${id}-${width}.${format}`
}
/**
 * The JPEG the PDF catalog prints (pdfkit draws JPEG and PNG only): 600 px wide, twice the card's
 * width in points. Made with the other renditions, or from the widest WebP the first time a PDF
 * needs one an older upload lacks. Never served under /media.
 */
export const pdfPictureWidth = 600
export function pdfPictureKey(kind: PictureKind, id: string): string {
  return `${kind}/${id}-pdf.jpg`
}

/** Every file the store holds for one upload: what is deleted when nothing uses it any more. */
export function pictureKeys(kind: PictureKind, id: string): string[] {
  return [...pictureWidths.flatMap((width) => pictureFormats.map((format) => pictureKey(kind, id, width, format))), pdfPictureKey(kind, id)]
}

/** A product holds at most this many photos; the first is its card's and the PDF's. */
export const maxProductPhotos = 12
/** A photo's text alternative, in each language: a sentence, not an essay. */
export const photoAltMax = 200

/** A media key the server will serve: nothing else is looked up (no paths from a URL reach the store). */
export const pictureKeyPattern = /^(?:products|categories)\/[0-9a-f]{32}-(?:400|760|1200)\.(?:avif|webp)$/
