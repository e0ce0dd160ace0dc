// Marble textures (veins over clouds) and travertine.

import { type Color, type Rand, type Sampler, smoothstep, mixInto, setColor, scaleInto, hex, hash3 } from './maths.ts'
import { Noise } from './noise.ts'

/** Jittered-grid cellular noise: distance to the cell border (F2 − F1), in cell units. */
function cellEdge(x: number, y: number, seed: number): number {
  const ix = Math.floor(x)
  const iy = Math.floor(y)
  let d1 = 9
  let d2 = 9
  for (let j = -1; j <= 1; j++) {
    for (let i = -1; i <= 1; i++) {
      const cx = ix + i
      const cy = iy + j
      const dx = cx + 0.1 + 0.8 * hash3(cx, cy, seed) - x
      const dy = cy + 0.1 + 0.8 * hash3(cx, cy, seed + 1) - y
      const d = dx * dx + dy * dy
      if (d < d1) {
        d2 = d1
        d1 = d
      } else if (d < d2) {
        d2 = d
      }
    }
  }
  return Math.sqrt(d2) - Math.sqrt(d1)
}

export interface VeinLayer {
  /** flow: long veins along `angle` (zero crossings of stretched fBm); crackle: a network of cell borders. */
  kind: 'flow' | 'crackle'
  color: Color
  /** Frequency (per metre) across the veins, and stretch along them (<1 → longer veins). */
  scale: number
  stretch: number
  octaves: number
  /** Vein half width in field units; widthVar 0..1 lets veins swell, thin out and break. */
  width: number
  widthVar: number
  /** Soft cloud around the vein. */
  halo: number
  haloColor: Color
  haloOpacity: number
  opacity: number
  /** 0..1, how much of the surface the layer covers. */
  coverage: number
  /** Small-scale jitter of the vein path (metres). */
  rough: number
  /** flow only: how far (in vein spacings) the turbulence pushes the veins around. */
  turbulence: number
}

interface MarbleOptions {
  base: Color
  cloud: Color
  cloudAmount: number
  cloudScale: number
  cloud2?: Color
  cloud2Amount?: number
  angle: number
  warp: number
  warpScale: number
  layers: VeinLayer[]
  sparkle: number
}

export function marble(rand: Rand, o: MarbleOptions): Sampler {
  const nCloud = new Noise(rand)
  const nCloud2 = new Noise(rand)
  const nWarpX = new Noise(rand)
  const nWarpY = new Noise(rand)
  const nRough = new Noise(rand)
  const nSparkle = new Noise(rand)
  const layers = o.layers.map((layer) => {
    const angle = o.angle + (rand() - 0.5) * 0.35
    return {
      layer,
      noise: new Noise(rand),
      widthNoise: new Noise(rand),
      mask: new Noise(rand),
      seed: Math.floor(rand() * 1e9),
      ca: Math.cos(angle),
      sa: Math.sin(angle),
    }
  })
  const ws = o.warpScale
  return (x, y, fp, out) => {
    setColor(out, o.base)
    const cl = nCloud.fbm(x * o.cloudScale, y * o.cloudScale, 6, fp * o.cloudScale)
    mixInto(out, o.cloud, smoothstep(-0.35, 0.55, cl) * o.cloudAmount)
    if (o.cloud2 && o.cloud2Amount) {
      const c2 = nCloud2.fbm(x * o.cloudScale * 2.3, y * o.cloudScale * 2.3, 5, fp * o.cloudScale * 2.3)
      mixInto(out, o.cloud2, smoothstep(0.05, 0.6, c2) * o.cloud2Amount)
    }
    const wx = x + o.warp * nWarpX.fbm(x * ws, y * ws, 4, fp * ws)
    const wy = y + o.warp * nWarpY.fbm(x * ws + 31.7, y * ws - 12.9, 4, fp * ws)
    for (const { layer: l, noise, widthNoise, mask, seed, ca, sa } of layers) {
      const m = smoothstep(1 - l.coverage - 0.2, 1 - l.coverage + 0.2, 0.5 + 0.6 * mask.fbm(x * 0.8, y * 0.8, 3, fp))
      if (m <= 0) continue
      let lx = wx
      let ly = wy
      if (l.rough > 0) {
        lx += l.rough * nRough.fbm(x * 45, y * 45, 3, fp * 45)
        ly += l.rough * nRough.fbm(x * 45 + 71.3, y * 45 - 9.4, 3, fp * 45)
      }
      let v: number
      let grad: number
      if (l.kind === 'flow') {
        // iso-lines of a turbulent ramp across the vein direction: long veins that merge and split
        const along = (lx * ca + ly * sa) * l.scale
        const across = (-lx * sa + ly * ca) * l.scale
        const f = across + l.turbulence * noise.fbm(along * l.stretch, across * 0.6, l.octaves, fp * l.scale)
        v = Math.abs(f - Math.round(f))
        grad = l.scale * 1.3
      } else {
        // curvy, irregular cell borders: warp the cell space by about a third of a cell
        const cx = (lx * ca + ly * sa) * l.scale * l.stretch
        const cy = (-lx * sa + ly * ca) * l.scale
        const cfp = fp * l.scale
        const qx = cx + 0.55 * noise.fbm(cx * 0.5, cy * 0.5, 4, cfp * 0.5)
        const qy = cy + 0.55 * noise.fbm(cx * 0.5 + 19.1, cy * 0.5 - 3.3, 4, cfp * 0.5)
        v = cellEdge(qx, qy, seed)
        grad = l.scale * 2
      }
      // width varies along the veins, so they swell, fade and break like real ones
      const bs = Math.max(1.6, l.scale * 0.7)
      const wv = 0.5 + 0.6 * widthNoise.fbm(x * bs, y * bs, 3, fp * bs)
      const wf = Math.max(0, 1 - l.widthVar + l.widthVar * (2.4 * wv - 0.45))
      const width = l.width * wf * wf
      const aa = fp * grad
      if (l.haloOpacity > 0) {
        const h = 1 - smoothstep(0, l.halo * (0.4 + 0.6 * wf) + aa, v)
        mixInto(out, l.haloColor, h * h * l.haloOpacity * m)
      }
      if (width <= 0) continue
      const core = 1 - smoothstep(width * 0.3, width + aa, v)
      // veins thinner than a pixel fade instead of aliasing
      const thin = Math.min(1, (width * 2) / (width + aa))
      mixInto(out, l.color, core * l.opacity * m * thin)
    }
    if (o.sparkle > 0 && fp < 0.002) {
      const s = nSparkle.fbm(x * 900, y * 900, 2, fp * 900)
      scaleInto(out, 1 + s * o.sparkle)
    }
  }
}

export function travertine(rand: Rand): Sampler {
  const nWarp = new Noise(rand)
  const nBand = new Noise(rand)
  const nBand2 = new Noise(rand)
  const nLine = new Noise(rand)
  const nStreak = new Noise(rand)
  const nPore = new Noise(rand)
  const nPoreMask = new Noise(rand)
  const nCloud = new Noise(rand)
  const ivory = hex('#e6d9c0')
  const beige = hex('#d6c3a2')
  const honey = hex('#c4a67c')
  const walnut = hex('#a9885f')
  const line = hex('#9c7f5c')
  const pore = hex('#8a7052')
  const poreDeep = hex('#6b553d')
  return (x, y, fp, out) => {
    const w = 0.02 * nWarp.fbm(x * 2.5, y * 2.5, 4, fp * 2.5)
    const yy = y + w
    // wide colour bands along the bedding, with finer bands inside
    const band = nBand.fbm(x * 0.5, yy * 9, 5, fp * 9)
    const band2 = nBand2.fbm(x * 1.2, yy * 40, 4, fp * 40)
    setColor(out, ivory)
    mixInto(out, beige, smoothstep(-0.3, 0.2, band))
    mixInto(out, honey, smoothstep(0.15, 0.5, band) * 0.8)
    mixInto(out, walnut, smoothstep(0.35, 0.65, band2) * 0.35)
    scaleInto(out, 1 + 0.05 * nCloud.fbm(x * 1.5, y * 1.5, 4, fp * 1.5))
    scaleInto(out, 1 + 0.035 * nStreak.fbm(x * 4, yy * 260, 3, fp * 260))
    // thin darker strata lines
    const l = Math.abs(nLine.fbm(x * 0.8, yy * 22, 4, fp * 22))
    const lineW = 0.006 + fp * 12
    mixInto(out, line, (1 - smoothstep(lineW * 0.4, lineW, l)) * 0.45 * Math.min(1, 0.012 / lineW))
    // voids: small holes stretched along the bedding, clustered in some bands
    const mask = smoothstep(-0.25, 0.25, nPoreMask.fbm(x * 1.2, yy * 14, 3, fp * 14))
    if (mask > 0) {
      const pv = nPore.fbm(x * 45, yy * 380, 3, fp * 380)
      const edge = 0.5 - 0.12 * mask
      const hole = smoothstep(edge, edge + 0.06, pv)
      if (hole > 0) {
        const fade = Math.min(1, 0.0011 / Math.max(fp, 0.0002))
        mixInto(out, pore, hole * 0.8 * fade)
        mixInto(out, poreDeep, smoothstep(edge + 0.08, edge + 0.2, pv) * 0.7 * fade)
      }
    }
  }
}
