import jsQR from 'jsqr'
import { PDFParse } from 'pdf-parse'
import sharp from 'sharp'

/** A PDF's text (whitespace collapsed) and its embedded images, each with the page it is on. */
export async function pdfContents(pdf: Uint8Array) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) })
  try {
    const text = (await parser.getText()).pages
      .map((page) => page.text)
      .join(' ')
      .replace(/\s+/g, ' ')
    const images = (await parser.getImage({ imageBuffer: true, imageDataUrl: false })).pages.flatMap((page, i) =>
      page.images.map((image) => ({ data: image.data, width: image.width, height: image.height, page: i + 1 })),
    )
    return { text, images }
  } finally {
    await parser.destroy()
  }
}

/** The text of the QR code an image holds, decoded from its pixels; null when it holds none. */
export async function decodedQr(image: { data: Uint8Array }): Promise<string | null> {
  const { data, info } = await sharp(image.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null
}
