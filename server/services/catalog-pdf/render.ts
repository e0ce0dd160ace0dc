import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import PDFDocument from 'pdfkit'
import { translator } from '../../emails/layout.ts'
import type { CategoryView, ProductView } from '../catalog.ts'
import { formatAddressLine, formatPhoneDigits, type Company } from '../../../core/company.ts'
import type { Language } from '../../../core/language.ts'
import { formatEuros, numberLocales } from '../../../core/money.ts'
import { palette } from '../../../core/palette.ts'

// The PDF catalog (docs/product.md#forms), drawn by pdfkit from the live catalog: a cover, one
// section per category with its products (picture, name, description, size, weight, retail price),
// the technical facts and the company's contacts. Texts: ids here, Spanish in the catalogs.
const text = {
  title: /*i18n*/ { id: 'pdf.title', message: 'Decorative wall and ceiling panels' },
  subtitle: /*i18n*/ { id: 'pdf.subtitle', message: 'Catalog {year}: marble, wood and stone looks in PVC' },
  coverLead: /*i18n*/ {
    id: 'pdf.cover_lead',
    message: 'Light, waterproof panels that install in hours. Showroom and warehouse in Torrevieja (Alicante).',
  },
  perPanel: /*i18n*/ { id: 'pdf.per_panel', message: '{price} / panel' },
  vatIncluded: /*i18n*/ { id: 'pdf.vat_included', message: 'Prices per panel, VAT included. Wholesale prices for approved trade customers.' },
  size: /*i18n*/ { id: 'pdf.size', message: '{width} × {height} cm' },
  weight: /*i18n*/ { id: 'pdf.weight', message: '{weight} kg' },
  featured: /*i18n*/ { id: 'pdf.featured', message: 'Featured' },
  specsTitle: /*i18n*/ { id: 'pdf.specs_title', message: 'Technical specifications' },
  contactTitle: /*i18n*/ { id: 'pdf.contact_title', message: 'Contact and showroom' },
  contactLead: /*i18n*/ {
    id: 'pdf.contact_lead',
    message: 'Ask us for samples, a quote or a wholesale account. We answer within one working day.',
  },
  address: /*i18n*/ { id: 'pdf.address', message: 'Address' },
  phone: /*i18n*/ { id: 'pdf.phone', message: 'Phone' },
  email: /*i18n*/ { id: 'pdf.email', message: 'Email' },
  whatsapp: /*i18n*/ { id: 'pdf.whatsapp', message: 'WhatsApp' },
  web: /*i18n*/ { id: 'pdf.web', message: 'Online shop' },
  page: /*i18n*/ { id: 'pdf.page', message: 'Page {page} of {pages}' },
}

// The facts every buyer asks about, as the About page gives them.
const facts = [
  [
    /*i18n*/ { id: 'pdf.fact.material', message: 'Material' },
    /*i18n*/ { id: 'pdf.fact.material_value', message: 'PVC composite' },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.panel_size', message: 'Panel size' },
    /*i18n*/ { id: 'pdf.fact.panel_size_value', message: '122 × 300 cm, custom lengths available' },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.thickness', message: 'Thickness' },
    /*i18n*/ { id: 'pdf.fact.thickness_value', message: '3 mm (±0.2 mm)' },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.finish', message: 'Finish' },
    /*i18n*/ { id: 'pdf.fact.finish_value', message: 'UV-cured coating, glossy or matte; embossed or plain' },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.use', message: 'Use' },
    /*i18n*/ { id: 'pdf.fact.use_value', message: 'Indoor walls and ceilings' },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.life', message: 'Lifespan' },
    /*i18n*/ { id: 'pdf.fact.life_value', message: 'Over 10 years indoors' },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.layers', message: 'Structure' },
    /*i18n*/ {
      id: 'pdf.fact.layers_value',
      message: 'Three layers: UV-cured top, decorative middle, fire- and water-resistant base',
    },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.quality', message: 'Quality' },
    /*i18n*/ { id: 'pdf.fact.quality_value', message: 'ISO 9001:2015' },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.packing', message: 'Packing' },
    /*i18n*/ { id: 'pdf.fact.packing_value', message: 'About 100 panels per pallet' },
  ],
  [
    /*i18n*/ { id: 'pdf.fact.capacity', message: 'Capacity' },
    /*i18n*/ { id: 'pdf.fact.capacity_value', message: 'Up to 1,250 panels per day' },
  ],
] as const

/** What the PDF prints of the catalog: the fields of the shop's own views (catalog.ts) it needs. */
export interface CatalogData {
  categories: ReadonlyArray<Pick<CategoryView, 'slug' | 'nameEs' | 'nameEn' | 'descriptionEs' | 'descriptionEn'>>
  products: ReadonlyArray<
    Pick<
      ProductView,
      'slug' | 'nameEs' | 'nameEn' | 'descriptionEs' | 'descriptionEn' | 'priceRetailCents' | 'featured' | 'widthCm' | 'heightCm' | 'weightKg'
    > & {
      category: Pick<ProductView['category'], 'slug'>
      /** Its first photo as a JPEG (an upload's PDF rendition, or a built-in picture's file); null: a plain box. */
      picture: Buffer | string | null
    }
  >
}

const imagesDir = fileURLToPath(new URL('./images/', import.meta.url))
/** A built-in picture set's JPEG for the PDF (a category's by its slug, a product's by its image key); null: none. */
export const builtInPdfPicture = (name: string): string | null => {
  const path = `${imagesDir}${name}.jpg`
  return existsSync(path) ? path : null
}

// The standard PDF fonts encode WinAnsi: the narrow no-break space Intl puts in some numbers is not in it.
const pdfText = (value: string) => value.replace(/\u202f/g, '\u00a0')

/** A picture cropped to fill its box (pdfkit's `cover` scales but does not crop). */
function picture(doc: PDFKit.PDFDocument, path: Buffer | string, x: number, y: number, width: number, height: number) {
  doc.save()
  doc.rect(x, y, width, height).clip()
  doc.image(path, x, y, { cover: [width, height], align: 'center', valign: 'center' })
  doc.restore()
}

const A4 = { width: 595.28, height: 841.89 }
const margin = 48

/** Renders the catalog in one language; `date` stamps the document (the same data gives the same text). */
export async function renderCatalogPdf(
  data: CatalogData,
  language: Language,
  opts: { date: Date; shopUrl: string; company: Company },
): Promise<Buffer> {
  const { date, company } = opts
  const t = (message: { id: string; message: string }, values?: Record<string, unknown>) => pdfText(translator(language)(message, values))
  const pick = <T>(es: T, en: T) => (language === 'en' ? en : es)
  const number = new Intl.NumberFormat(numberLocales[language], { maximumFractionDigits: 2 })
  const doc = new PDFDocument({
    size: 'A4',
    margin,
    bufferPages: true,
    autoFirstPage: false,
    lang: language,
    info: { Title: `${company.name} · ${t(text.title)}`, Author: company.legalName, Subject: t(text.title), CreationDate: date, ModDate: date },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })
  const contentWidth = A4.width - 2 * margin

  // Cover: the company on a dark band, the three looks, the promise.
  doc.addPage({ size: 'A4', margin: 0 })
  doc.rect(0, 0, A4.width, 430).fill(palette.dark)
  doc.fillColor(palette.accentOnDark).font('Helvetica-Bold').fontSize(11).text(company.name.toUpperCase(), margin, 90, { characterSpacing: 2 })
  doc.fillColor(palette.onDark).font('Times-Bold').fontSize(40).text(t(text.title), margin, 130, { width: contentWidth, lineGap: 4 })
  doc
    .moveDown(0.6)
    .font('Helvetica')
    .fontSize(14)
    .fillColor(palette.onDarkMuted)
    .text(t(text.subtitle, { year: date.getUTCFullYear() }), { width: contentWidth })
  const tiles = data.categories.map((c) => builtInPdfPicture(c.slug)).filter((p): p is string => p !== null)
  const tileWidth = (contentWidth - 2 * 12) / 3
  tiles.slice(0, 3).forEach((path, i) => picture(doc, path, margin + i * (tileWidth + 12), 470, tileWidth, 170))
  data.categories.slice(0, 3).forEach((c, i) =>
    doc
      .fillColor(palette.text)
      .font('Times-Bold')
      .fontSize(15)
      .text(pdfText(pick(c.nameEs, c.nameEn)), margin + i * (tileWidth + 12), 650, { width: tileWidth }),
  )
  doc.fillColor(palette.textMuted).font('Helvetica').fontSize(11).text(t(text.coverLead), margin, 700, { width: contentWidth })
  doc
    .fillColor(palette.text)
    .fontSize(10)
    .text(pdfText(`${formatAddressLine(company)} · ${company.phone} · ${company.email}`), margin, 760, { width: contentWidth })

  // One section per category, its products in two columns.
  const cardWidth = (contentWidth - 18) / 2
  const imageHeight = 150
  const cardHeight = 330
  for (const category of data.categories) {
    const items = data.products.filter((p) => p.category.slug === category.slug)
    if (items.length === 0) continue
    doc.addPage()
    doc.fillColor(palette.accent).font('Helvetica-Bold').fontSize(10).text(company.name.toUpperCase(), { characterSpacing: 2 })
    doc
      .fillColor(palette.text)
      .font('Times-Bold')
      .fontSize(28)
      .text(pdfText(pick(category.nameEs, category.nameEn)))
    doc
      .moveDown(0.3)
      .fillColor(palette.textMuted)
      .font('Helvetica')
      .fontSize(11)
      .text(pdfText(pick(category.descriptionEs, category.descriptionEn)), { width: contentWidth })
    let y = doc.y + 18
    items.forEach((product, index) => {
      const column = index % 2
      if (column === 0 && y + cardHeight > A4.height - margin - 20) {
        doc.addPage()
        y = margin
      }
      const x = margin + column * (cardWidth + 18)
      if (product.picture) picture(doc, product.picture, x, y, cardWidth, imageHeight)
      else doc.rect(x, y, cardWidth, imageHeight).fill(palette.surfaceAlt)
      if (product.featured) {
        doc.rect(x + 8, y + 8, 70, 18).fill(palette.accent)
        doc
          .fillColor(palette.onAccent)
          .font('Helvetica-Bold')
          .fontSize(8)
          .text(t(text.featured).toUpperCase(), x + 8, y + 13, { width: 70, align: 'center' })
      }
      let cy = y + imageHeight + 10
      doc
        .fillColor(palette.text)
        .font('Times-Bold')
        .fontSize(15)
        .text(pdfText(pick(product.nameEs, product.nameEn)), x, cy, { width: cardWidth })
      cy = doc.y + 4
      doc
        .fillColor(palette.textMuted)
        .font('Helvetica')
        .fontSize(9)
        .text(pdfText(pick(product.descriptionEs, product.descriptionEn)), x, cy, {
          width: cardWidth,
          height: 64,
          ellipsis: true,
        })
      const specs = [t(text.size, { width: number.format(product.widthCm), height: number.format(product.heightCm) })]
      if (product.weightKg !== null) specs.push(t(text.weight, { weight: number.format(product.weightKg) }))
      doc
        .fillColor(palette.text)
        .font('Helvetica')
        .fontSize(9)
        .text(specs.join('  ·  '), x, y + imageHeight + 120, { width: cardWidth })
      doc
        .fillColor(palette.accentStrong)
        .font('Helvetica-Bold')
        .fontSize(14)
        .text(t(text.perPanel, { price: formatEuros(product.priceRetailCents, language) }), x, y + imageHeight + 138, { width: cardWidth })
      if (column === 1 || index === items.length - 1) y += cardHeight
    })
    doc
      .fillColor(palette.textMuted)
      .font('Helvetica')
      .fontSize(8)
      .text(t(text.vatIncluded), margin, Math.min(y, A4.height - margin - 30), { width: contentWidth })
  }

  // The technical facts and the company's contacts.
  doc.addPage()
  doc.fillColor(palette.text).font('Times-Bold').fontSize(26).text(t(text.specsTitle))
  doc.moveDown(0.6)
  for (const [term, value] of facts) {
    const rowY = doc.y
    doc.fillColor(palette.text).font('Helvetica-Bold').fontSize(10).text(t(term), margin, rowY, { width: 150 })
    doc
      .fillColor(palette.text)
      .font('Helvetica')
      .fontSize(10)
      .text(t(value), margin + 160, rowY, { width: contentWidth - 160 })
    doc.moveDown(0.5)
    doc
      .moveTo(margin, doc.y)
      .lineTo(margin + contentWidth, doc.y)
      .lineWidth(0.5)
      .strokeColor(palette.border)
      .stroke()
    doc.moveDown(0.5)
  }
  doc.moveDown(1.5)
  doc.fillColor(palette.text).font('Times-Bold').fontSize(26).text(t(text.contactTitle), margin)
  doc.moveDown(0.3).fillColor(palette.textMuted).font('Helvetica').fontSize(11).text(t(text.contactLead), { width: contentWidth })
  doc.moveDown(0.8)
  const contacts: Array<[string, string]> = [
    [t(text.address), pdfText(formatAddressLine(company))],
    [t(text.phone), company.phone],
    [t(text.email), company.email],
    [t(text.whatsapp), `${formatPhoneDigits(company.whatsappDigits)} · wa.me/${company.whatsappDigits}`],
    [t(text.web), opts.shopUrl],
  ]
  for (const [term, value] of contacts) {
    const rowY = doc.y
    doc.fillColor(palette.text).font('Helvetica-Bold').fontSize(11).text(term, margin, rowY, { width: 150 })
    doc.font('Helvetica').text(pdfText(value), margin + 160, rowY, { width: contentWidth - 160 })
    doc.moveDown(0.6)
  }

  // Footers, now that the page count is known.
  const range = doc.bufferedPageRange()
  for (let i = 1; i < range.count; i++) {
    doc.switchToPage(range.start + i)
    // Below the bottom margin: without this, pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0
    doc
      .fillColor(palette.textMuted)
      .font('Helvetica')
      .fontSize(8)
      .text(`${company.legalName}  ·  ${t(text.page, { page: i + 1, pages: range.count })}`, margin, A4.height - 32, {
        width: contentWidth,
        align: 'center',
        lineBreak: false,
      })
  }
  doc.end()
  await finished
  return Buffer.concat(chunks)
}
