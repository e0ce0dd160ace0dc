import type { DeliverySettings } from '../../core/delivery.ts'
import type { ProductAttributes } from '../../core/product-attributes.ts'
// Catalogue seed data: the three panel families and their products, in Spanish (default) and English.
// Pure data, no imports: used by the database seed and the built-in pictures' tests (one image set per slug).

export interface SeedCategory {
  slug: string
  nameEs: string
  nameEn: string
  descriptionEs: string
  descriptionEn: string
  displayOrder: number
}

export interface SeedProduct {
  slug: string
  categorySlug: string
  nameEs: string
  nameEn: string
  descriptionEs: string
  descriptionEn: string
  priceRetailCents: number
  priceWholesaleCents: number
  featured: boolean
  widthCm: number
  heightCm: number
  /** Decimal as a string, e.g. '5.40'; null when the weight is not known yet. */
  weightKg: string | null
  /** What shoppers filter by (core/product-attributes.ts). */
  attributes: ProductAttributes
}

export const seedCategories: readonly SeedCategory[] = [
  {
    slug: 'marmol',
    nameEs: 'Mármol',
    nameEn: 'Marble',
    descriptionEs:
      'Paneles de PVC con acabado UV que reproducen con fidelidad las vetas y el brillo del mármol natural. Dan un aire elegante a baños, cocinas y salones sin obras y por una fracción del precio de la piedra.',
    descriptionEn:
      'UV-coated PVC panels that faithfully reproduce the veining and shine of natural marble. They bring an elegant look to bathrooms, kitchens and living rooms with no building work, at a fraction of the cost of real stone.',
    displayOrder: 1,
  },
  {
    slug: 'madera',
    nameEs: 'Madera',
    nameEn: 'Wood',
    descriptionEs:
      'La calidez de la madera en paneles de PVC que no se hinchan, no se deforman y no necesitan barniz. Ideales para paredes de acento, cabeceros y techos.',
    descriptionEn:
      'The warmth of real wood in PVC panels that won’t swell, warp or need varnishing. Ideal for feature walls, headboards and ceilings.',
    displayOrder: 2,
  },
  {
    slug: 'piedra',
    nameEs: 'Piedra',
    nameEn: 'Stone',
    descriptionEs:
      'Texturas de pizarra, granito, arenisca y cemento con todo el carácter de la piedra, pero ligeras y fáciles de cortar. Perfectas para paredes de acento, locales comerciales y espacios de estilo industrial.',
    descriptionEn:
      'Slate, granite, sandstone and concrete textures with all the character of stone, yet light and easy to cut. Perfect for feature walls, shop interiors and industrial-style spaces.',
    displayOrder: 3,
  },
]

/** Every panel is a 122 × 300 cm sheet. */
const WIDTH_CM = 122
const HEIGHT_CM = 300

export const seedProducts: readonly SeedProduct[] = [
  // ── Mármol ────────────────────────────────────────────────────────────────
  {
    slug: 'marmol-calacatta-oro',
    categorySlug: 'marmol',
    nameEs: 'Panel Mármol Calacatta Oro',
    nameEn: 'Calacatta Gold Marble Panel',
    descriptionEs:
      'Fondo blanco cálido con vetas doradas y grises que cruzan la lámina en diagonal, como en los mármoles Calacatta más cotizados. Lámina de PVC compuesto de 3 mm con acabado brillo y capa UV, resistente al agua y al vapor. Queda espectacular en la pared de la ducha, detrás del lavabo o como cabecero.',
    descriptionEn:
      'A warm white background with gold and grey veins sweeping diagonally across the sheet, just like the most sought-after Calacatta marbles. 3 mm PVC composite sheet with a UV-coated gloss finish, resistant to water and steam. It looks stunning on a shower wall, behind a washbasin or as a headboard feature.',
    priceRetailCents: 9500,
    priceWholesaleCents: 4500,
    featured: true,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.60',
    attributes: { look: 'marble', colour: 'white', finish: 'gloss', texture: 'plain' },
  },
  {
    slug: 'marmol-carrara-blanco',
    categorySlug: 'marmol',
    nameEs: 'Panel Mármol Carrara Blanco',
    nameEn: 'White Carrara Marble Panel',
    descriptionEs:
      'El clásico mármol de Carrara: blanco luminoso con vetas grises suaves y difuminadas. Su acabado brillo refleja la luz y hace que los baños y las cocinas pequeñas parezcan más amplios. Se pega con adhesivo directamente sobre el alicatado existente, sin picar paredes ni generar escombros.',
    descriptionEn:
      'Classic Carrara marble: bright white with soft, feathered grey veining. The gloss finish reflects the light and makes small bathrooms and kitchens feel larger. It bonds with adhesive straight over existing tiles, with no chipping and no rubble.',
    priceRetailCents: 8900,
    priceWholesaleCents: 4000,
    featured: true,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.40',
    attributes: { look: 'marble', colour: 'white', finish: 'gloss', texture: 'plain' },
  },
  {
    slug: 'marmol-nero-marquina',
    categorySlug: 'marmol',
    nameEs: 'Panel Mármol Nero Marquina',
    nameEn: 'Nero Marquina Marble Panel',
    descriptionEs:
      'Negro profundo atravesado por finas vetas blancas: un diseño con mucha personalidad para paredes de acento, recepciones de hotel y tiendas. El acabado brillo con protección UV mantiene el negro intenso y evita que amarillee con el tiempo. Se limpia con un paño húmedo y jabón neutro.',
    descriptionEn:
      'Deep black crossed by fine white veins: a bold design for feature walls, hotel receptions and shops. The UV-protected gloss finish keeps the black rich and stops it yellowing over time. Wipe clean with a damp cloth and mild soap.',
    priceRetailCents: 9900,
    priceWholesaleCents: 4800,
    featured: false,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.80',
    attributes: { look: 'marble', colour: 'black', finish: 'gloss', texture: 'plain' },
  },
  {
    slug: 'marmol-travertino-beige',
    categorySlug: 'marmol',
    nameEs: 'Panel Mármol Travertino Beige',
    nameEn: 'Beige Travertine Marble Panel',
    descriptionEs:
      'Tonos beige y arena con las bandas horizontales y los pequeños poros propios del travertino romano. Acabado mate de tacto sedoso que aporta calidez mediterránea a salones, pasillos y baños. Al ser de PVC no absorbe la humedad, así que no necesita sellado ni mantenimiento.',
    descriptionEn:
      'Beige and sand tones with the horizontal banding and tiny pores typical of Roman travertine. A silky matte finish that brings Mediterranean warmth to living rooms, hallways and bathrooms. Being PVC, it does not absorb moisture, so it never needs sealing or upkeep.',
    priceRetailCents: 8500,
    priceWholesaleCents: 4000,
    featured: false,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: null,
    attributes: { look: 'marble', colour: 'beige', finish: 'matte', texture: 'plain' },
  },
  {
    slug: 'marmol-emperador-marron',
    categorySlug: 'marmol',
    nameEs: 'Panel Mármol Emperador Marrón',
    nameEn: 'Brown Emperador Marble Panel',
    descriptionEs:
      'Marrón chocolate con una red de vetas claras en tono crema, inspirado en el mármol Emperador español. Crea un ambiente cálido y sofisticado en salones, restaurantes y zonas de barra. Lámina de 3 mm con acabado brillo UV, ligera y fácil de cortar con cúter o sierra de calar.',
    descriptionEn:
      'Chocolate brown with a web of light cream veins, inspired by Spanish Emperador marble. It creates a warm, sophisticated mood in living rooms, restaurants and bar areas. A 3 mm sheet with a UV gloss finish, light and easy to cut with a utility knife or a jigsaw.',
    priceRetailCents: 9500,
    priceWholesaleCents: 4500,
    featured: false,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.70',
    attributes: { look: 'marble', colour: 'brown', finish: 'gloss', texture: 'plain' },
  },

  // ── Madera ────────────────────────────────────────────────────────────────
  {
    slug: 'madera-roble-natural',
    categorySlug: 'madera',
    nameEs: 'Panel Madera Roble Natural',
    nameEn: 'Natural Oak Wood Panel',
    descriptionEs:
      'Lamas de roble natural en tono miel con la veta bien marcada, para dar calidez a cualquier estancia. Acabado mate con una textura que recuerda al tacto de la madera real. Muy utilizado en cabeceros, paredes de televisión y techos de dormitorio.',
    descriptionEn:
      'Honey-toned natural oak planks with a well-defined grain that bring warmth to any room. A matte finish with a texture that feels like real timber. A popular choice for headboards, TV walls and bedroom ceilings.',
    priceRetailCents: 8000,
    priceWholesaleCents: 4000,
    featured: true,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.20',
    attributes: { look: 'wood', colour: 'brown', finish: 'matte', texture: 'embossed' },
  },
  {
    slug: 'madera-nogal-oscuro',
    categorySlug: 'madera',
    nameEs: 'Panel Madera Nogal Oscuro',
    nameEn: 'Dark Walnut Wood Panel',
    descriptionEs:
      'Nogal oscuro de veta profunda y ricos matices chocolate, perfecto para interiores elegantes y contemporáneos. Combina de maravilla con mármol blanco, detalles en latón o iluminación LED indirecta. A diferencia de la madera maciza, no se hincha ni se deforma con la humedad.',
    descriptionEn:
      'Dark walnut with a deep grain and rich chocolate undertones, perfect for elegant contemporary interiors. It pairs beautifully with white marble, brass details or indirect LED lighting. Unlike solid wood, it will not swell or warp with moisture.',
    priceRetailCents: 8900,
    priceWholesaleCents: 4200,
    featured: false,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.30',
    attributes: { look: 'wood', colour: 'brown', finish: 'matte', texture: 'plain' },
  },
  {
    slug: 'madera-fresno-gris',
    categorySlug: 'madera',
    nameEs: 'Panel Madera Fresno Gris',
    nameEn: 'Grey Ash Wood Panel',
    descriptionEs:
      'Fresno en gris claro con una veta suave, de estética nórdica y muy luminosa. Encaja en viviendas de estilo escandinavo, oficinas y apartamentos turísticos que buscan un aspecto moderno y fácil de mantener. Acabado mate que resiste bien los roces del día a día.',
    descriptionEn:
      'Light grey ash with a soft grain, for a bright, Nordic look. It suits Scandinavian-style homes, offices and holiday lets that want a modern, low-maintenance finish. The matte surface stands up well to everyday scuffs.',
    priceRetailCents: 8000,
    priceWholesaleCents: 4000,
    featured: false,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.20',
    attributes: { look: 'wood', colour: 'grey', finish: 'matte', texture: 'plain' },
  },
  {
    slug: 'madera-teca-dorada',
    categorySlug: 'madera',
    nameEs: 'Panel Madera Teca Dorada',
    nameEn: 'Golden Teak Wood Panel',
    descriptionEs:
      'Teca dorada de tonos cálidos y veta recta, con el aire de las maderas nobles de los barcos. Como es resistente al agua, se puede colocar en baños, zonas de spa y techos de porches cubiertos. La capa UV protege el color frente a la luz del sol.',
    descriptionEn:
      'Golden teak with warm tones and a straight grain, reminiscent of fine boat decking. Because it is water resistant, it can go in bathrooms, spa areas and on the ceilings of covered porches. The UV coating protects the colour from sunlight.',
    priceRetailCents: 8500,
    priceWholesaleCents: 4000,
    featured: true,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.35',
    attributes: { look: 'wood', colour: 'gold', finish: 'matte', texture: 'plain' },
  },

  // ── Piedra ────────────────────────────────────────────────────────────────
  {
    slug: 'piedra-pizarra-negra',
    categorySlug: 'piedra',
    nameEs: 'Panel Piedra Pizarra Negra',
    nameEn: 'Black Slate Stone Panel',
    descriptionEs:
      'Pizarra negra con capas y relieves que recuerdan a la piedra natural recién partida. Ideal para paredes de salón, frentes de barra y recibidores con carácter. Pesa una fracción de lo que pesa la piedra real y se coloca con adhesivo, sin necesidad de reforzar la pared.',
    descriptionEn:
      'Black slate with layers and relief that recall freshly split natural stone. Ideal for living-room walls, bar fronts and entrance halls with character. It weighs a fraction of real stone and goes up with adhesive, with no need to reinforce the wall.',
    priceRetailCents: 9500,
    priceWholesaleCents: 4500,
    featured: true,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '6.10',
    attributes: { look: 'stone', colour: 'black', finish: 'matte', texture: 'embossed' },
  },
  {
    slug: 'piedra-granito-gris',
    categorySlug: 'piedra',
    nameEs: 'Panel Piedra Granito Gris',
    nameEn: 'Grey Granite Stone Panel',
    descriptionEs:
      'Granito gris moteado con granos negros, blancos y grafito, de aspecto sólido y atemporal. Una opción práctica para cocinas, recepciones y locales con mucho público, porque disimula bien las marcas del uso diario. Acabado semibrillo con protección UV, muy fácil de limpiar.',
    descriptionEn:
      'Speckled grey granite with black, white and graphite grains, with a solid, timeless look. A practical choice for kitchens, reception areas and busy commercial premises, as it hides everyday marks well. Semi-gloss finish with UV protection, very easy to clean.',
    priceRetailCents: 11900,
    priceWholesaleCents: 5500,
    featured: false,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '6.00',
    attributes: { look: 'stone', colour: 'grey', finish: 'gloss', texture: 'plain' },
  },
  {
    slug: 'piedra-arenisca-crema',
    categorySlug: 'piedra',
    nameEs: 'Panel Piedra Arenisca Crema',
    nameEn: 'Cream Sandstone Panel',
    descriptionEs:
      'Arenisca en tono crema con estratos suaves y un acabado mate que transmite calma. Perfecta para salones, dormitorios y hoteles de inspiración mediterránea. Se corta con facilidad para ajustarla alrededor de enchufes, ventanas y marcos de puertas.',
    descriptionEn:
      'Cream sandstone with soft strata and a calming matte finish. Perfect for living rooms, bedrooms and Mediterranean-inspired hotels. It cuts easily to fit around sockets, windows and door frames.',
    priceRetailCents: 8900,
    priceWholesaleCents: 4200,
    featured: false,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: '5.90',
    attributes: { look: 'stone', colour: 'beige', finish: 'matte', texture: 'plain' },
  },
  {
    slug: 'piedra-cemento-industrial',
    categorySlug: 'piedra',
    nameEs: 'Panel Piedra Cemento Industrial',
    nameEn: 'Industrial Concrete Panel',
    descriptionEs:
      'Cemento gris con manchas sutiles y pequeños poros: el aspecto del hormigón visto sin el peso ni el polvo de una obra. Muy demandado para tiendas, oficinas, lofts y restaurantes de estilo industrial. Acabado mate, resistente a la humedad y fácil de limpiar.',
    descriptionEn:
      'Grey concrete with subtle mottling and small pores: the exposed-concrete look without the weight or the dust of building work. A favourite for shops, offices, lofts and industrial-style restaurants. Matte finish, moisture resistant and easy to clean.',
    priceRetailCents: 9500,
    priceWholesaleCents: 4500,
    featured: false,
    widthCm: WIDTH_CM,
    heightCm: HEIGHT_CM,
    weightKg: null,
    attributes: { look: 'stone', colour: 'grey', finish: 'matte', texture: 'plain' },
  },
]

/**
 * Example delivery rates (docs/product.md#delivery), loaded by `npm run db:seed -- --delivery-rates`
 * into a shop whose owner has not set any: a parcel rate up to 10 panels and a pallet rate above,
 * free from 1.500 € in the Peninsula; the Balearic Islands dearer; wholesale customers a flat pallet
 * rate. Prices include IVA. A fresh shop without them delivers home free.
 */
export const exampleDeliverySettings: DeliverySettings = {
  pickup: { enabled: true, readyInDays: 1 },
  home: {
    peninsula: {
      minDays: 3,
      maxDays: 5,
      retail: {
        bands: [
          { upToPanels: 10, priceCents: 2_500 },
          { upToPanels: null, priceCents: 8_900 },
        ],
        freeFromCents: 150_000,
      },
      wholesale: { bands: [{ upToPanels: null, priceCents: 6_500 }], freeFromCents: 300_000 },
    },
    balearics: {
      minDays: 4,
      maxDays: 7,
      retail: {
        bands: [
          { upToPanels: 10, priceCents: 4_500 },
          { upToPanels: null, priceCents: 14_900 },
        ],
        freeFromCents: null,
      },
      wholesale: { bands: [{ upToPanels: null, priceCents: 11_900 }], freeFromCents: null },
    },
  },
}
