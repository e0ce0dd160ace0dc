// The texture catalogue: each finish the shop sells (marble.ts, wood.ts, stone.ts) with its sheen, and
// the texture of each product and category slug.

import { type Rand, type Sampler, hex } from './maths.ts'
import { type VeinLayer, marble, travertine } from './marble.ts'
import { wood } from './wood.ts'
import { slate, granite, sandstone, concrete } from './stone.ts'

export type TextureKind =
  | 'calacatta'
  | 'carrara'
  | 'nero'
  | 'travertine'
  | 'emperador'
  | 'hero'
  | 'oak'
  | 'walnut'
  | 'ash'
  | 'teak'
  | 'slate'
  | 'granite'
  | 'sandstone'
  | 'concrete'

/** Surface sheen of the finish: gloss marbles reflect a soft highlight, matte finishes barely. */
export const GLOSS: Record<TextureKind, number> = {
  calacatta: 1,
  carrara: 1,
  nero: 1,
  travertine: 0.2,
  emperador: 1,
  hero: 0.6,
  oak: 0.15,
  walnut: 0.3,
  ash: 0.15,
  teak: 0.35,
  slate: 0.25,
  granite: 0.7,
  sandstone: 0.1,
  concrete: 0.1,
}

/** A vein layer with sensible defaults. */
function vein(
  kind: VeinLayer['kind'],
  color: string,
  o: Partial<Omit<VeinLayer, 'kind' | 'color' | 'haloColor' | 'halo' | 'haloOpacity'>>,
  haloColor = color,
  halo = 0,
  haloOpacity = 0,
): VeinLayer {
  return {
    kind,
    color: hex(color),
    scale: o.scale ?? 2,
    stretch: o.stretch ?? 0.5,
    octaves: o.octaves ?? 4,
    width: o.width ?? 0.01,
    widthVar: o.widthVar ?? 0.9,
    halo,
    haloColor: hex(haloColor),
    haloOpacity,
    opacity: o.opacity ?? 0.8,
    coverage: o.coverage ?? 0.6,
    rough: o.rough ?? 0.002,
    turbulence: o.turbulence ?? 1.1,
  }
}

export function makeTexture(kind: TextureKind, rand: Rand): Sampler {
  switch (kind) {
    case 'calacatta':
      return marble(rand, {
        base: hex('#f5f2ec'),
        cloud: hex('#e8e2d7'),
        cloudAmount: 0.55,
        cloudScale: 1.4,
        cloud2: hex('#ddd5c7'),
        cloud2Amount: 0.25,
        angle: 1.0 + rand() * 0.3,
        warp: 0.06,
        warpScale: 1.8,
        sparkle: 0.006,
        layers: [
          vein(
            'flow',
            '#74685a',
            {
              scale: 1.1,
              stretch: 0.35,
              octaves: 5,
              width: 0.022,
              widthVar: 0.8,
              rough: 0.003,
              coverage: 0.8,
              turbulence: 1,
            },
            '#cfb27c',
            0.1,
            0.45,
          ),
          vein('flow', '#b8945c', { scale: 2.4, stretch: 0.4, width: 0.012, opacity: 0.75, coverage: 0.6, turbulence: 1.3 }, '#dcc8a0', 0.05, 0.3),
          vein('crackle', '#a39c92', {
            scale: 4,
            stretch: 0.5,
            width: 0.02,
            opacity: 0.3,
            coverage: 0.45,
            rough: 0.0015,
          }),
        ],
      })
    case 'carrara':
      return marble(rand, {
        base: hex('#eff1f2'),
        cloud: hex('#d9dde1'),
        cloudAmount: 0.7,
        cloudScale: 2.4,
        cloud2: hex('#c8cdd3'),
        cloud2Amount: 0.35,
        angle: 0.55 + rand() * 0.3,
        warp: 0.06,
        warpScale: 2,
        sparkle: 0.008,
        layers: [
          vein(
            'flow',
            '#8a919a',
            {
              scale: 2.2,
              stretch: 0.4,
              octaves: 5,
              width: 0.018,
              widthVar: 0.9,
              opacity: 0.55,
              coverage: 0.85,
              rough: 0.003,
              turbulence: 1.4,
            },
            '#b9bec5',
            0.12,
            0.5,
          ),
          vein('flow', '#7c838c', { scale: 5, stretch: 0.45, width: 0.016, opacity: 0.5, coverage: 0.75, turbulence: 1.5 }, '#c5c9ce', 0.06, 0.35),
          vein(
            'flow',
            '#959ba3',
            {
              scale: 10,
              stretch: 0.5,
              octaves: 3,
              width: 0.025,
              widthVar: 1,
              opacity: 0.35,
              coverage: 0.6,
              turbulence: 1.5,
            },
            '#d0d3d7',
            0.06,
            0.3,
          ),
        ],
      })
    case 'nero':
      return marble(rand, {
        base: hex('#121214'),
        cloud: hex('#1f1f22'),
        cloudAmount: 0.8,
        cloudScale: 1.6,
        angle: 0.75 + rand() * 0.3,
        warp: 0.1,
        warpScale: 1.5,
        sparkle: 0.04,
        layers: [
          vein(
            'flow',
            '#ece9e2',
            {
              scale: 1.3,
              stretch: 0.35,
              octaves: 5,
              width: 0.008,
              widthVar: 0.8,
              opacity: 0.95,
              coverage: 0.75,
              rough: 0.0025,
              turbulence: 1,
            },
            '#4f4e4c',
            0.035,
            0.35,
          ),
          vein('crackle', '#d6d2cb', { scale: 3, stretch: 0.45, width: 0.02, opacity: 0.7, coverage: 0.45 }, '#3a3938', 0.07, 0.3),
          vein('flow', '#bdb9b2', {
            scale: 4.5,
            stretch: 0.4,
            octaves: 4,
            width: 0.01,
            widthVar: 1,
            opacity: 0.5,
            coverage: 0.5,
            rough: 0.001,
            turbulence: 1.4,
          }),
        ],
      })
    case 'emperador':
      return marble(rand, {
        base: hex('#5a3d2a'),
        cloud: hex('#3e2a1d'),
        cloudAmount: 0.7,
        cloudScale: 3,
        cloud2: hex('#7b5a3f'),
        cloud2Amount: 0.45,
        angle: 0.4 + rand() * 0.4,
        warp: 0.06,
        warpScale: 3,
        sparkle: 0.02,
        layers: [
          vein(
            'flow',
            '#dccab0',
            {
              scale: 2.2,
              stretch: 0.5,
              octaves: 5,
              width: 0.018,
              widthVar: 0.9,
              opacity: 0.85,
              coverage: 0.7,
              turbulence: 1.5,
            },
            '#8e6e51',
            0.08,
            0.5,
          ),
          vein(
            'crackle',
            '#cdb596',
            { scale: 6, stretch: 0.7, width: 0.035, widthVar: 1, opacity: 0.65, coverage: 0.6, rough: 0.0015 },
            '#7d5e44',
            0.08,
            0.35,
          ),
          vein('flow', '#b99c78', {
            scale: 5,
            stretch: 0.6,
            octaves: 4,
            width: 0.012,
            widthVar: 1,
            opacity: 0.55,
            coverage: 0.65,
            rough: 0.001,
            turbulence: 1.2,
          }),
        ],
      })
    case 'hero':
      return marble(rand, {
        base: hex('#131110'),
        cloud: hex('#29211c'),
        cloudAmount: 0.8,
        cloudScale: 0.9,
        cloud2: hex('#2c2420'),
        cloud2Amount: 0.3,
        angle: 0.45 + rand() * 0.2,
        warp: 0.16,
        warpScale: 0.8,
        sparkle: 0.02,
        layers: [
          vein(
            'flow',
            '#b3a288',
            {
              scale: 0.7,
              stretch: 0.3,
              octaves: 5,
              width: 0.008,
              widthVar: 0.85,
              opacity: 0.85,
              coverage: 0.75,
              rough: 0.003,
              turbulence: 0.85,
            },
            '#4a3f36',
            0.07,
            0.55,
          ),
          vein(
            'flow',
            '#c9a56b',
            { scale: 1.6, stretch: 0.35, width: 0.006, widthVar: 0.9, opacity: 0.75, coverage: 0.6, turbulence: 0.9 },
            '#3a2f28',
            0.03,
            0.35,
          ),
          vein('crackle', '#8d8072', {
            scale: 2.5,
            stretch: 0.5,
            width: 0.012,
            widthVar: 1,
            opacity: 0.2,
            coverage: 0.4,
          }),
        ],
      })
    case 'travertine':
      return travertine(rand)
    case 'oak':
      return wood(rand, {
        early: hex('#c9a272'),
        late: hex('#8f6840'),
        rings: 120,
        plankWidth: 0.185,
        plankLength: 2.2,
        tint: 0.16,
        fibers: 0.14,
        seam: 0.7,
      })
    case 'walnut':
      return wood(rand, {
        early: hex('#6b4a33'),
        late: hex('#35221a'),
        rings: 95,
        plankWidth: 0.185,
        plankLength: 2.2,
        tint: 0.18,
        fibers: 0.16,
        seam: 0.75,
      })
    case 'ash':
      return wood(rand, {
        early: hex('#c3beb5'),
        late: hex('#8b867e'),
        rings: 110,
        plankWidth: 0.185,
        plankLength: 2.2,
        tint: 0.12,
        fibers: 0.12,
        seam: 0.6,
      })
    case 'teak':
      return wood(rand, {
        early: hex('#c18a4f'),
        late: hex('#8a5a2d'),
        rings: 140,
        plankWidth: 0.185,
        plankLength: 2.2,
        tint: 0.14,
        fibers: 0.15,
        seam: 0.7,
      })
    case 'slate':
      return slate(rand)
    case 'granite':
      return granite(rand)
    case 'sandstone':
      return sandstone(rand)
    case 'concrete':
      return concrete(rand)
  }
}

const PRODUCT_TEXTURES: Record<string, TextureKind> = {
  'marmol-calacatta-oro': 'calacatta',
  'marmol-carrara-blanco': 'carrara',
  'marmol-nero-marquina': 'nero',
  'marmol-travertino-beige': 'travertine',
  'marmol-emperador-marron': 'emperador',
  'madera-roble-natural': 'oak',
  'madera-nogal-oscuro': 'walnut',
  'madera-fresno-gris': 'ash',
  'madera-teca-dorada': 'teak',
  'piedra-pizarra-negra': 'slate',
  'piedra-granito-gris': 'granite',
  'piedra-arenisca-crema': 'sandstone',
  'piedra-cemento-industrial': 'concrete',
}

const CATEGORY_TEXTURES: Record<string, TextureKind> = {
  marmol: 'calacatta',
  madera: 'oak',
  piedra: 'slate',
}

/** Family from the slug prefix, so a product added later still gets a sensible texture. */
export function textureForSlug(slug: string): TextureKind {
  const known = PRODUCT_TEXTURES[slug] ?? CATEGORY_TEXTURES[slug]
  if (known) return known
  if (slug.startsWith('madera')) return 'oak'
  if (slug.startsWith('piedra')) return 'concrete'
  return 'carrara'
}
