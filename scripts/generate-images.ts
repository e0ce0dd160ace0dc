// Renders every catalogue image procedurally (no downloads): marble, wood and stone textures for the
// products and categories, a dark marble hero and six "inspiration" room tiles for the gallery.
//
//   node scripts/generate-images.ts                 # everything
//   node scripts/generate-images.ts marmol gallery  # only images whose name contains one of the words
//   VERBOSE=1 node scripts/generate-images.ts       # per-image timings
//
// Deterministic: each image has its own seeded PRNG (seeded from its slug), so reruns give identical
// pixels. Each image is rendered once at its largest size and downscaled with sharp for the smaller
// widths, each width written as WebP (every browser) and AVIF (smaller, for browsers that accept it).
// Work is spread over worker threads (one per core).

import { mkdir } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker, isMainThread, parentPort } from 'node:worker_threads'
import sharp from 'sharp'
import { seedCategories, seedProducts } from '../server/db/seed-data.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT_DIR = join(ROOT, 'src/assets/images')
const WEBP_QUALITY = 78
// AVIF at 45 measures as close to the source as the WebP at 78 (PSNR) in 25–50 % fewer bytes; effort 6
// is slower to encode (once, here) and changes nothing for the browser.
const AVIF_QUALITY = 45
const AVIF_EFFORT = 6
/** Product and category widths: 760 covers a phone's one-column card (~376 px) at DPR 1.75–2 and a 3-column desktop card (363 px) at DPR 2. */
const CARD_WIDTHS = [400, 760, 1200] as const

// ─── Small maths helpers ─────────────────────────────────────────────────────

type Color = readonly [number, number, number]
/** Mutable RGB in 0..1 (sRGB-ish), written by samplers. */
type RGB = [number, number, number]
type Rand = () => number

/** A texture: world position in metres (y grows downwards), pixel footprint in metres, RGB out. */
type Sampler = (x: number, y: number, fp: number, out: RGB) => void

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v
}

function smoothstep(e0: number, e1: number, v: number): number {
  const t = clamp01((v - e0) / (e1 - e0))
  return t * t * (3 - 2 * t)
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t
}

function mixInto(out: RGB, c: Color, t: number): void {
  out[0] += (c[0] - out[0]) * t
  out[1] += (c[1] - out[1]) * t
  out[2] += (c[2] - out[2]) * t
}

function setColor(out: RGB, c: Color): void {
  out[0] = c[0]
  out[1] = c[1]
  out[2] = c[2]
}

function scaleInto(out: RGB, k: number): void {
  out[0] *= k
  out[1] *= k
  out[2] *= k
}

/** 8-bit sRGB hex → Color. */
function hex(h: string): Color {
  const n = Number.parseInt(h.replace('#', ''), 16)
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255]
}

/** FNV-1a string hash, used to seed the PRNG from a slug. */
function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: tiny, fast, good enough for textures. */
function mulberry32(seed: number): Rand {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Stateless integer hash of (a, b, seed) → [0, 1). */
function hash3(a: number, b: number, seed: number): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1)
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}

// ─── Value noise + fBm ───────────────────────────────────────────────────────

const NOISE_SIZE = 1024
const NOISE_MASK = NOISE_SIZE - 1

class Noise {
  private readonly perm = new Uint16Array(NOISE_SIZE * 2)
  private readonly values = new Float32Array(NOISE_SIZE)

  constructor(rand: Rand) {
    for (let i = 0; i < NOISE_SIZE; i++) {
      this.perm[i] = i
      this.values[i] = rand() * 2 - 1
    }
    for (let i = NOISE_SIZE - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1))
      const t = this.perm[i]!
      this.perm[i] = this.perm[j]!
      this.perm[j] = t
    }
    for (let i = 0; i < NOISE_SIZE; i++) this.perm[i + NOISE_SIZE] = this.perm[i]!
  }

  /** Smooth value noise in [-1, 1] (quintic interpolation of random lattice values). */
  at(x: number, y: number): number {
    const x0 = Math.floor(x)
    const y0 = Math.floor(y)
    const fx = x - x0
    const fy = y - y0
    const xi = x0 & NOISE_MASK
    const yi = y0 & NOISE_MASK
    const p = this.perm
    const v = this.values
    const a = p[xi]! + yi
    const b = p[xi + 1]! + yi
    const v00 = v[p[a]!]!
    const v10 = v[p[b]!]!
    const v01 = v[p[a + 1]!]!
    const v11 = v[p[b + 1]!]!
    const u = fx * fx * fx * (fx * (fx * 6 - 15) + 10)
    const w = fy * fy * fy * (fy * (fy * 6 - 15) + 10)
    const top = v00 + (v10 - v00) * u
    const bottom = v01 + (v11 - v01) * u
    return top + (bottom - top) * w
  }

  /**
   * Fractal Brownian motion, roughly in [-1, 1]. Each octave is rotated and doubled in frequency.
   * `fp` is the pixel footprint in noise units: octaves finer than a pixel fade out (cheap anti-aliasing).
   */
  fbm(x: number, y: number, octaves: number, fp: number, gain = 0.5): number {
    let sum = 0
    let amp = 1
    let norm = 0
    let f = fp
    let px = x
    let py = y
    for (let i = 0; i < octaves; i++) {
      norm += amp
      if (f < 0.5) {
        const fade = f < 0.25 ? 1 : 2 - f * 4
        sum += this.at(px, py) * amp * fade
      }
      const nx = 1.6 * px - 1.2 * py + 17.13
      py = 1.2 * px + 1.6 * py + 5.71
      px = nx
      amp *= gain
      f *= 2
    }
    return sum / norm
  }
}

// ─── Marble ──────────────────────────────────────────────────────────────────

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

interface VeinLayer {
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

function marble(rand: Rand, o: MarbleOptions): Sampler {
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

function travertine(rand: Rand): Sampler {
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

// ─── Wood ────────────────────────────────────────────────────────────────────

interface WoodOptions {
  early: Color
  late: Color
  /** Growth rings per metre. */
  rings: number
  plankWidth: number
  plankLength: number
  tint: number
  fibers: number
  seam: number
}

function wood(rand: Rand, o: WoodOptions): Sampler {
  const seed = Math.floor(rand() * 1e9)
  const nLog = new Noise(rand)
  const nWobble = new Noise(rand)
  const nFiber = new Noise(rand)
  const nFigure = new Noise(rand)
  const nTone = new Noise(rand)
  const nRing = new Noise(rand)
  const pw = o.plankWidth
  const seamDark = hex('#1a120c')
  return (x, y, fp, out) => {
    const pi = Math.floor(x / pw)
    const u = x - pi * pw
    const len = o.plankLength * (0.8 + 0.4 * hash3(pi, 7, seed))
    const off = hash3(pi, 1, seed) * len
    const si = Math.floor((y + off) / len)
    const v = y + off - si * len
    const id = pi * 131 + si * 17
    const r1 = hash3(id, 2, seed)
    const r2 = hash3(id, 3, seed)
    const r3 = hash3(id, 4, seed)
    const r4 = hash3(id, 5, seed)
    const r5 = hash3(id, 6, seed)
    // flat-sawn board: distance to the log's pith (off to one side, below the surface) gives the rings;
    // the pith depth drifting along the board turns them into cathedral arches
    const pith = (r1 * 1.4 - 0.2) * pw
    const depth = 0.01 + 0.04 * r2
    const drift = (r5 - 0.5) * 0.1 * v + 0.065 * nLog.fbm(v * 1.1 + id * 3.17, id * 0.73, 4, fp * 1.1)
    const du = u - pith + 0.004 * nWobble.fbm(u * 10 + id, v * 1.3, 3, fp * 10)
    const dh = depth + drift
    let rr = Math.sqrt(du * du + dh * dh)
    rr += 0.0015 * nWobble.fbm(u * 60 + 9.1, v * 5 - id, 3, fp * 60)
    rr += 0.0004 * nWobble.fbm(u * 250 - 3.7, v * 25 + id, 2, fp * 250)
    const ringFreq = o.rings * (0.8 + 0.4 * r3)
    // uneven growth: ring widths and darkness change from year to year
    const rf = rr * ringFreq
    const f = rf + 0.45 * nRing.at(rf * 0.35, id * 0.61)
    const ringIdx = Math.floor(f)
    const ring = f - ringIdx
    const strength = 0.25 + 0.75 * hash3(ringIdx, id, seed + 9)
    const soft = smoothstep(0.3, 0.9, ring)
    const line = smoothstep(0.86, 0.95, ring)
    let late = (soft * 0.65 + line * 0.5) * (1 - smoothstep(0.96, 1, ring)) * strength
    // rings closer than ~3 px blend to their average tone
    const spacingPx = 1 / (ringFreq * Math.max(fp, 1e-6))
    late = lerp(0.25, late, smoothstep(2, 5, spacingPx))
    setColor(out, o.early)
    mixInto(out, o.late, late * 0.7)
    // long fibres
    const fib = nFiber.fbm(u * 260 + id * 5.3, v * 4, 3, fp * 260)
    const fib2 = nFiber.fbm(u * 550 - id * 2.1, v * 14 + 7.7, 2, fp * 550)
    const fig = nFigure.fbm(u * 12 + id, v * 0.8, 3, fp * 12)
    const streak = nFigure.fbm(u * 45 - id * 1.3, v * 0.6 + 4.1, 3, fp * 45)
    const fine = nFiber.fbm(u * 420 + id * 0.7, v * 16, 2, fp * 420)
    scaleInto(out, 1 + (fib + fib2 * 0.8) * o.fibers + fine * o.fibers * 1.1 + fig * 0.06 + streak * 0.09)
    // per-plank tone and a gentle drift along the plank
    const tone = 1 + (r4 - 0.5) * o.tint + 0.04 * nTone.fbm(x * 1.5, y * 0.4, 3, fp)
    scaleInto(out, tone)
    // seams between planks and at butt joints: a fine V-groove with a lit and a shaded bevel
    if (o.seam > 0) {
      const gw = 0.0009 + fp * 0.6
      const dsx = Math.min(u, pw - u)
      const dsy = Math.min(v, len - v)
      const groove = Math.max(1 - smoothstep(gw * 0.4, gw, dsx), 1 - smoothstep(gw * 0.4, gw, dsy))
      scaleInto(out, 1 + 0.06 * (1 - smoothstep(0, 0.004, u)) - 0.08 * (1 - smoothstep(0, 0.005, pw - u)))
      mixInto(out, seamDark, groove * o.seam)
    }
  }
}

// ─── Stone ───────────────────────────────────────────────────────────────────

/** Lambert-ish relief from a height function (metres), light from the upper left. */
function relief(height: (x: number, y: number, fp: number) => number, x: number, y: number, fp: number, k: number): number {
  const e = Math.max(fp, 0.0006)
  const h = height(x, y, fp)
  const dx = (height(x + e, y, fp) - h) / e
  const dy = (height(x, y + e, fp) - h) / e
  const nx = -dx * k
  const ny = -dy * k
  const inv = 1 / Math.sqrt(nx * nx + ny * ny + 1)
  // light from upper-left (y grows downwards): L = (-0.45, -0.55, 0.70)
  const ndl = (nx * -0.45 + ny * -0.55 + 0.7) * inv
  return 1 + (ndl - 0.7) * 1.1
}

function slate(rand: Rand): Sampler {
  const nWarp = new Noise(rand)
  const nLayer = new Noise(rand)
  const nStria = new Noise(rand)
  const nPatch = new Noise(rand)
  const nTint = new Noise(rand)
  const seed = Math.floor(rand() * 1e9)
  const angle = (rand() - 0.5) * 0.2
  const ca = Math.cos(angle)
  const sa = Math.sin(angle)
  const base = hex('#2c3035')
  const light = hex('#555b62')
  const rust = hex('#4e4036')
  // the cleft surface: irregular terraces stretched along the bedding, with fine striations
  const level = (x: number, y: number, fp: number): number => {
    const along = x * ca + y * sa
    const across = -x * sa + y * ca
    const w = 0.015 * nWarp.fbm(along * 3, across * 3, 3, fp * 3)
    return nLayer.fbm(along * 1.3, (across + w) * 6, 5, fp * 6) * 4.5
  }
  const height = (x: number, y: number, fp: number): number => {
    const l = level(x, y, fp)
    const fl = Math.floor(l)
    const step = fl + smoothstep(0.3, 0.7, l - fl)
    const along = x * ca + y * sa
    const across = -x * sa + y * ca
    return step * 0.0025 + 0.00025 * nStria.fbm(along * 8, across * 160, 3, fp * 160)
  }
  return (x, y, fp, out) => {
    setColor(out, base)
    const l = level(x, y, fp)
    const fl = Math.floor(l)
    // each layer has its own shade
    scaleInto(out, 0.86 + 0.28 * hash3(fl, 3, seed))
    const along = x * ca + y * sa
    const across = -x * sa + y * ca
    mixInto(out, light, smoothstep(0.05, 0.6, nPatch.fbm(along * 1.5, across * 3, 5, fp * 3)) * 0.45)
    mixInto(out, rust, smoothstep(0.3, 0.65, nTint.fbm(x * 1.2, y * 2, 4, fp * 2)) * 0.3)
    scaleInto(out, 1 + 0.06 * nStria.fbm(along * 5 + 3.1, across * 90, 3, fp * 90))
    scaleInto(out, relief(height, x, y, fp, 1.1))
  }
}

function granite(rand: Rand): Sampler {
  const seed = Math.floor(rand() * 1e9)
  const nWarp = new Noise(rand)
  const nCluster = new Noise(rand)
  const nDark = new Noise(rand)
  const nMid = new Noise(rand)
  const nTone = new Noise(rand)
  // light matrix (feldspar, quartz) and the dark minerals scattered through it
  const light: Color[] = [hex('#e4e3df'), hex('#d2d0cc'), hex('#bdbbb8'), hex('#a8a7a6'), hex('#c9c1b9')]
  const black = hex('#1f2023')
  const graphite = hex('#5a5b5f')
  const average = hex('#a2a1a0')
  const cell = 0.012
  return (x, y, fp, out) => {
    const cx0 = x / cell
    const cy0 = y / cell
    const cfp = fp / cell
    // irregular crystal borders: warp the cell space
    const gx = cx0 + 0.35 * nWarp.fbm(cx0 * 0.6, cy0 * 0.6, 3, cfp * 0.6)
    const gy = cy0 + 0.35 * nWarp.fbm(cx0 * 0.6 + 11.3, cy0 * 0.6 - 7.1, 3, cfp * 0.6)
    const ix = Math.floor(gx)
    const iy = Math.floor(gy)
    let d1 = 9
    let d2 = 9
    let h1 = 0
    let h2 = 0
    for (let j = -1; j <= 1; j++) {
      for (let i = -1; i <= 1; i++) {
        const cx = ix + i
        const cy = iy + j
        const dx = cx + hash3(cx, cy, seed) - gx
        const dy = cy + hash3(cx, cy, seed + 1) - gy
        const d = dx * dx + dy * dy
        const h = hash3(cx, cy, seed + 2)
        if (d < d1) {
          d2 = d1
          h2 = h1
          d1 = d
          h1 = h
        } else if (d < d2) {
          d2 = d
          h2 = h
        }
      }
    }
    const c1 = light[Math.floor(h1 * light.length)]!
    const c2 = light[Math.floor(h2 * light.length)]!
    // soft borders between light crystals
    const t = 0.5 + 0.5 * smoothstep(0, 0.35, Math.sqrt(d2) - Math.sqrt(d1))
    out[0] = lerp(c2[0], c1[0], t)
    out[1] = lerp(c2[1], c1[1], t)
    out[2] = lerp(c2[2], c1[2], t)
    scaleInto(out, 0.96 + 0.08 * h1)
    const cluster = 0.12 * nCluster.fbm(x * 7, y * 7, 3, fp * 7)
    const mid = nMid.fbm(x * 190, y * 190, 3, fp * 190) + cluster
    mixInto(out, graphite, smoothstep(0.22, 0.3, mid) * 0.75)
    const dark = nDark.fbm(x * 150, y * 150, 3, fp * 150) + cluster
    mixInto(out, black, smoothstep(0.3, 0.37, dark) * 0.92)
    const aa = smoothstep(cell * 0.08, cell * 0.25, fp)
    mixInto(out, average, aa)
    scaleInto(out, 1 + 0.04 * nTone.fbm(x * 2, y * 2, 4, fp * 2))
  }
}

function sandstone(rand: Rand): Sampler {
  const nWarp = new Noise(rand)
  const nStrata = new Noise(rand)
  const nLine = new Noise(rand)
  const nGrain = new Noise(rand)
  const nCloud = new Noise(rand)
  const nBlot = new Noise(rand)
  const cream = hex('#e7dac1')
  const sand = hex('#d8c4a0')
  const ochre = hex('#c4a57a')
  const blot = hex('#cdb48c')
  const strata = (x: number, y: number, fp: number): number => {
    const w = 0.07 * nWarp.fbm(x * 1.2, y * 1.2, 4, fp * 1.2)
    return nStrata.fbm(x * 0.3, (y + w) * 5, 5, fp * 5)
  }
  const height = (x: number, y: number, fp: number): number => 0.0015 * strata(x, y, fp) + 0.0003 * nGrain.fbm(x * 260, y * 260, 2, fp * 260)
  return (x, y, fp, out) => {
    const s = strata(x, y, fp)
    setColor(out, cream)
    mixInto(out, sand, smoothstep(-0.25, 0.4, s))
    mixInto(out, ochre, smoothstep(0.3, 0.7, s) * 0.5)
    const w = 0.07 * nWarp.fbm(x * 1.2, y * 1.2, 4, fp * 1.2)
    const l = Math.abs(nLine.fbm(x * 0.25, (y + w) * 11, 3, fp * 11))
    const lw = 0.012 + fp * 10
    mixInto(out, ochre, (1 - smoothstep(lw * 0.3, lw * 1.6, l)) * 0.3)
    mixInto(out, blot, smoothstep(0.15, 0.55, nBlot.fbm(x * 2.2, y * 2.2, 5, fp * 2.2)) * 0.45)
    scaleInto(out, 1 + 0.04 * nCloud.fbm(x * 3, y * 3, 4, fp * 3))
    scaleInto(out, 1 + 0.05 * nGrain.fbm(x * 380 + 5.5, y * 380, 2, fp * 380))
    scaleInto(out, relief(height, x, y, fp, 0.8))
  }
}

function concrete(rand: Rand): Sampler {
  const seed = Math.floor(rand() * 1e9)
  const nCloud = new Noise(rand)
  const nMottle = new Noise(rand)
  const nStain = new Noise(rand)
  const nGrain = new Noise(rand)
  const base = hex('#9c9b97')
  const dark = hex('#7b7a76')
  const light = hex('#b5b4b0')
  const pore = hex('#4d4c49')
  const cell = 0.018
  return (x, y, fp, out) => {
    setColor(out, base)
    const c = nCloud.fbm(x * 1.6, y * 1.6, 6, fp * 1.6)
    mixInto(out, dark, smoothstep(0, 0.5, c) * 0.7)
    mixInto(out, light, smoothstep(0, 0.5, -c) * 0.6)
    const m = nMottle.fbm(x * 10, y * 10, 4, fp * 10)
    const m2 = nMottle.fbm(x * 38 + 7.3, y * 38 - 2.9, 3, fp * 38)
    scaleInto(out, 1 + m * 0.05 + m2 * 0.045)
    const st = nStain.fbm(x * 1.2, y * 3.5, 4, fp * 3.5)
    scaleInto(out, 1 - smoothstep(0.25, 0.6, st) * 0.07)
    scaleInto(out, 1 + 0.035 * nGrain.fbm(x * 420, y * 420, 2, fp * 420))
    // pinholes: sparse round pores with a lit lower rim
    if (fp < 0.002) {
      const gx = x / cell
      const gy = y / cell
      const ix = Math.floor(gx)
      const iy = Math.floor(gy)
      for (let j = -1; j <= 1; j++) {
        for (let i = -1; i <= 1; i++) {
          const cx = ix + i
          const cy = iy + j
          if (hash3(cx, cy, seed) > 0.45) continue
          const radius = (0.0005 + 0.0018 * Math.pow(hash3(cx, cy, seed + 3), 2.5)) / cell
          const dx = cx + hash3(cx, cy, seed + 1) - gx
          const dy = cy + hash3(cx, cy, seed + 2) - gy
          const d = Math.sqrt(dx * dx + dy * dy)
          const aaw = (fp / cell) * 1.2
          const inside = 1 - smoothstep(radius - aaw, radius + aaw, d)
          if (inside > 0) {
            // darker towards the top (shadowed by the rim), lighter lip at the bottom
            const shade = clamp01(0.5 - (dy / radius) * 0.5)
            mixInto(out, pore, inside * (0.45 + 0.35 * shade))
          }
          const rim = (1 - smoothstep(0, aaw + radius * 0.35, Math.abs(d - radius * 1.1))) * (dy < 0 ? 1 : 0)
          if (rim > 0) scaleInto(out, 1 + 0.1 * rim)
        }
      }
    }
  }
}

// ─── Flat surfaces for rooms ─────────────────────────────────────────────────

function plain(rand: Rand, color: Color, amount: number): Sampler {
  const n = new Noise(rand)
  return (x, y, fp, out) => {
    setColor(out, color)
    scaleInto(out, 1 + amount * n.fbm(x * 3, y * 3, 4, fp * 3))
  }
}

/** Lay a texture as tiles: each tile shows a different part of it, separated by grout. */
function tiles(inner: Sampler, tw: number, th: number, grout: number, groutColor: Color, seed: number): Sampler {
  return (x, y, fp, out) => {
    const ix = Math.floor(x / tw)
    const iy = Math.floor(y / th)
    const u = x - ix * tw
    const v = y - iy * th
    inner(u + hash3(ix, iy, seed) * 7, v + hash3(ix, iy, seed + 1) * 7, fp, out)
    const d = Math.min(u, tw - u, v, th - v)
    const g = 1 - smoothstep(grout * 0.5, grout * 0.5 + fp, d)
    mixInto(out, groutColor, g)
  }
}

/** Wall panels: the texture with a barely visible joint every 1.22 m. */
function panels(inner: Sampler, width: number): Sampler {
  return (x, y, fp, out) => {
    inner(x, y, fp, out)
    const u = x - Math.floor(x / width) * width
    const d = Math.min(u, width - u)
    scaleInto(out, 1 - 0.25 * (1 - smoothstep(0.0008, 0.0008 + fp, d)))
  }
}

/** Ceiling slats along y with dark gaps between them. */
function slats(inner: Sampler, slatWidth: number, gap: number, gapColor: Color): Sampler {
  const pitch = slatWidth + gap
  return (x, y, fp, out) => {
    const i = Math.floor(x / pitch)
    const u = x - i * pitch
    inner(u + i * 0.37, y + i * 1.91, fp, out)
    // rounded slat edges catch a little light, the gap is in shadow
    const edge = Math.min(u, slatWidth - u)
    scaleInto(out, 1 - 0.18 * (1 - smoothstep(0, 0.008 + fp, edge)))
    const inGap = smoothstep(slatWidth - fp * 0.5, slatWidth + fp * 0.5, u)
    mixInto(out, gapColor, inGap)
  }
}

// ─── Texture catalogue ───────────────────────────────────────────────────────

type TextureKind =
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
const GLOSS: Record<TextureKind, number> = {
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

function makeTexture(kind: TextureKind, rand: Rand): Sampler {
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
function textureForSlug(slug: string): TextureKind {
  const known = PRODUCT_TEXTURES[slug] ?? CATEGORY_TEXTURES[slug]
  if (known) return known
  if (slug.startsWith('madera')) return 'oak'
  if (slug.startsWith('piedra')) return 'concrete'
  return 'carrara'
}

// ─── Flat render (products, categories, hero) ────────────────────────────────

interface FlatSpec {
  type: 'flat'
  texture: TextureKind
  seed: string
  /** Metres of panel shown across the image width. */
  span: number
  vignette: number
}

function renderFlat(spec: FlatSpec, w: number, h: number): Buffer {
  const rand = mulberry32(hashString(spec.seed))
  const tex = makeTexture(spec.texture, rand)
  const gloss = GLOSS[spec.texture]
  const buf = Buffer.alloc(w * h * 3)
  const fp = spec.span / w
  const ox = rand() * 50
  const oy = rand() * 50
  const c: RGB = [0, 0, 0]
  // soft reflection of a window / softbox across the panel
  const sheenPos = 0.35 + rand() * 0.3
  for (let py = 0; py < h; py++) {
    const ny = (py + 0.5) / h
    const y = oy + (py + 0.5) * fp
    for (let px = 0; px < w; px++) {
      const nx = (px + 0.5) / w
      tex(ox + (px + 0.5) * fp, y, fp, c)
      const dx = nx - 0.5
      const dy = ny - 0.5
      const d2 = (dx * dx + dy * dy) * 2
      let k = 1 - spec.vignette * d2 * Math.sqrt(d2)
      k *= 1 + 0.045 * (0.5 - (0.6 * nx + 0.4 * ny))
      const s = (nx * 0.75 + ny * 0.45 - sheenPos) / 0.2
      const sheen = gloss * 0.05 * Math.exp(-s * s)
      const i = (py * w + px) * 3
      buf[i] = Math.round(clamp01(c[0] * k + (1 - c[0]) * sheen) * 255)
      buf[i + 1] = Math.round(clamp01(c[1] * k + (1 - c[1]) * sheen) * 255)
      buf[i + 2] = Math.round(clamp01(c[2] * k + (1 - c[2]) * sheen) * 255)
    }
  }
  return buf
}

// ─── Room render (gallery) ───────────────────────────────────────────────────

type Vec3 = [number, number, number]

interface Surface {
  tex: Sampler
  gloss: number
}

interface Block {
  min: Vec3
  max: Vec3
  front: Surface
  top: Surface
}

/** A recessed downlight in the ceiling, aimed straight down. */
interface Spot {
  pos: Vec3
  intensity: number
}

interface Room {
  /** Room interior: x 0..width, y 0..height (floor → ceiling), back wall at z = 0, camera at z > 0. */
  width: number
  height: number
  camera: { pos: Vec3; pitch: number; yaw: number; fov: number }
  /** Soft fill light (a window / light from the camera side). */
  fill: { pos: Vec3; intensity: number }
  spots: Spot[]
  back: Surface
  left: Surface
  right: Surface
  floor: Surface
  ceiling: Surface
  blocks: Block[]
  /** Round mirror on the back wall: centre x, centre height, radius (metres). */
  mirror?: { x: number; y: number; r: number }
  exposure: number
}

const FACE_BACK = 0
const FACE_LEFT = 1
const FACE_RIGHT = 2
const FACE_FLOOR = 3
const FACE_CEILING = 4

/** Half angle of the downlights' beam (cosines of the full-intensity and cut-off angles). */
const SPOT_INNER = Math.cos((22 * Math.PI) / 180)
const SPOT_OUTER = Math.cos((40 * Math.PI) / 180)
const WARM: Color = [1, 0.94, 0.84]

function sdBox(p: Vec3, b: Block): number {
  const qx = Math.max(b.min[0] - p[0], 0, p[0] - b.max[0])
  const qy = Math.max(b.min[1] - p[1], 0, p[1] - b.max[1])
  const qz = Math.max(b.min[2] - p[2], 0, p[2] - b.max[2])
  return Math.sqrt(qx * qx + qy * qy + qz * qz)
}

/** Ray/box slab test: entry distance (or -1 when missed) and the axis of the entry face. */
function hitBox(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, b: Block): { t: number; axis: number } {
  let tmin = 1e-4
  let tmax = 1e9
  let axis = -1
  for (let a = 0; a < 3; a++) {
    const o = a === 0 ? ox : a === 1 ? oy : oz
    const inv = 1 / (a === 0 ? dx : a === 1 ? dy : dz)
    let t0 = (b.min[a]! - o) * inv
    let t1 = (b.max[a]! - o) * inv
    if (t0 > t1) {
      const t = t0
      t0 = t1
      t1 = t
    }
    if (t0 > tmin) {
      tmin = t0
      axis = a
    }
    if (t1 < tmax) tmax = t1
    if (tmax < tmin) return { t: -1, axis: -1 }
  }
  return { t: tmin, axis }
}

/** Soft highlight roll-off instead of a hard clip. */
function tone(v: number): number {
  return v < 0.82 ? v : 0.82 + 0.18 * (1 - Math.exp(-(v - 0.82) / 0.18))
}

function sceneRoom(index: number, rand: Rand): Room {
  const r = (): Rand => mulberry32(Math.floor(rand() * 1e9))
  const paint = (color: string, amount = 0.012): Surface => ({ tex: plain(r(), hex(color), amount), gloss: 0 })
  const tex = (kind: TextureKind): Surface => ({ tex: makeTexture(kind, r()), gloss: GLOSS[kind] })
  const cam = (x: number, y: number, z: number, pitch: number, yaw: number, fov: number): Room['camera'] => ({
    pos: [x, y, z],
    pitch,
    yaw,
    fov,
  })
  /** A row of downlights `inset` metres from the back wall. */
  const row = (xs: number[], y: number, inset: number, intensity: number): Spot[] => xs.map((x) => ({ pos: [x, y - 0.01, inset], intensity }))
  switch (index) {
    case 1:
      // Bathroom: Calacatta walls, round brass mirror, floating walnut vanity, large stone tiles
      return {
        width: 3.2,
        height: 2.6,
        camera: cam(1.7, 1.3, 4.4, -0.03, 0.03, 48),
        fill: { pos: [2.2, 1.9, 4.2], intensity: 0.45 },
        spots: row([0.9, 2.3], 2.6, 0.35, 1.1),
        back: { tex: panels(makeTexture('calacatta', r()), 1.22), gloss: 0.6 },
        left: { tex: panels(makeTexture('calacatta', r()), 1.22), gloss: 0.6 },
        right: paint('#eeebe5'),
        floor: { tex: tiles(makeTexture('concrete', r()), 0.6, 1.2, 0.003, hex('#7d7a75'), 11), gloss: 0.2 },
        ceiling: paint('#f2f0eb', 0.006),
        blocks: [
          {
            min: [0.85, 0.5, 0],
            max: [2.35, 0.9, 0.5],
            front: tex('walnut'),
            top: { tex: plain(r(), hex('#f4f2ee'), 0.006), gloss: 0.5 },
          },
        ],
        mirror: { x: 1.6, y: 1.65, r: 0.4 },
        exposure: 1,
      }
    case 2:
      // Oak slat ceiling with downlights over a calm living space
      return {
        width: 4.4,
        height: 2.7,
        camera: cam(2.2, 1.2, 5.8, 0.25, 0, 60),
        fill: { pos: [2.2, 1.6, 4.6], intensity: 0.5 },
        spots: [...row([1.1, 2.2, 3.3], 2.7, 0.35, 1.0), ...row([1.1, 2.2, 3.3], 2.7, 2.0, 0.7), ...row([1.1, 2.2, 3.3], 2.7, 3.6, 0.7)],
        back: { tex: panels(makeTexture('sandstone', r()), 1.22), gloss: 0.1 },
        left: paint('#ebe5db'),
        right: paint('#ebe5db'),
        floor: { tex: makeTexture('concrete', r()), gloss: 0.25 },
        ceiling: { tex: slats(makeTexture('oak', r()), 0.07, 0.025, hex('#1c1510')), gloss: 0.15 },
        blocks: [
          {
            min: [1.0, 0, 0],
            max: [3.4, 0.42, 0.42],
            front: tex('oak'),
            top: { tex: plain(r(), hex('#efebe4'), 0.006), gloss: 0.3 },
          },
        ],
        exposure: 1,
      }
    case 3:
      // Slate feature wall washed by downlights, low white sideboard, oak floor
      return {
        width: 3.8,
        height: 2.6,
        camera: cam(2.0, 1.2, 4.9, -0.04, 0.05, 50),
        fill: { pos: [2.6, 1.8, 4.5], intensity: 0.4 },
        spots: row([0.65, 1.9, 3.15], 2.6, 0.3, 1.8),
        back: { tex: panels(makeTexture('slate', r()), 1.22), gloss: 0.25 },
        left: paint('#ece7df'),
        right: paint('#ece7df'),
        floor: { tex: makeTexture('oak', r()), gloss: 0.15 },
        ceiling: paint('#f1eee9', 0.006),
        blocks: [
          {
            min: [0.7, 0.12, 0],
            max: [3.1, 0.55, 0.42],
            front: { tex: plain(r(), hex('#f1efea'), 0.006), gloss: 0.3 },
            top: { tex: plain(r(), hex('#f6f4f0'), 0.006), gloss: 0.3 },
          },
        ],
        exposure: 1,
      }
    case 4:
      // Hotel reception: Nero Marquina wall, teak counter with a marble top, Carrara floor
      return {
        width: 4.6,
        height: 3,
        camera: cam(2.3, 1.4, 5.8, -0.05, -0.04, 52),
        fill: { pos: [2.0, 2.2, 5.4], intensity: 0.55 },
        spots: row([0.75, 1.9, 3.05, 4.2], 3, 0.3, 1.5),
        back: { tex: panels(makeTexture('nero', r()), 1.22), gloss: 1 },
        left: tex('teak'),
        right: paint('#efece7'),
        floor: { tex: tiles(makeTexture('carrara', r()), 0.9, 0.9, 0.002, hex('#a9abad'), 12), gloss: 0.8 },
        ceiling: paint('#f1efea', 0.006),
        blocks: [
          {
            min: [1.2, 0, 1.3],
            max: [3.4, 1.05, 1.85],
            front: tex('teak'),
            top: { tex: makeTexture('calacatta', r()), gloss: 1 },
          },
        ],
        exposure: 1,
      }
    case 5:
      // Living room: walnut slat wall behind a floating TV unit, travertine floor
      return {
        width: 4.2,
        height: 2.6,
        camera: cam(2.1, 1.2, 5.0, -0.03, -0.04, 50),
        fill: { pos: [3.6, 1.9, 4.6], intensity: 0.5 },
        spots: row([0.8, 2.1, 3.4], 2.6, 0.35, 1.1),
        back: { tex: slats(makeTexture('walnut', r()), 0.045, 0.012, hex('#140d09')), gloss: 0.3 },
        left: paint('#ebe6de'),
        right: paint('#ebe6de'),
        floor: { tex: tiles(makeTexture('travertine', r()), 0.8, 0.8, 0.002, hex('#b5a68c'), 13), gloss: 0.2 },
        ceiling: paint('#f1eee9', 0.006),
        blocks: [
          {
            min: [0.8, 0.3, 0],
            max: [3.4, 0.62, 0.42],
            front: { tex: plain(r(), hex('#ece8e1'), 0.006), gloss: 0.3 },
            top: { tex: plain(r(), hex('#f1ede7'), 0.006), gloss: 0.3 },
          },
        ],
        exposure: 1,
      }
    default:
      // Shop: concrete wall, grey ash side wall, granite floor, white display plinths, dark ceiling
      return {
        width: 4.6,
        height: 2.9,
        camera: cam(2.5, 1.35, 5.4, -0.06, 0.1, 54),
        fill: { pos: [3.0, 2.0, 5.0], intensity: 0.5 },
        spots: [...row([0.8, 2.3, 3.8], 2.9, 0.3, 1.3), ...row([1.5, 3.1], 2.9, 1.6, 0.8)],
        back: { tex: panels(makeTexture('concrete', r()), 1.22), gloss: 0.1 },
        left: tex('ash'),
        right: paint('#eeece8'),
        floor: { tex: tiles(makeTexture('granite', r()), 0.6, 0.6, 0.002, hex('#6a6a6a'), 14), gloss: 0.6 },
        ceiling: paint('#2f2f31', 0.02),
        blocks: [
          {
            min: [1.0, 0, 0.7],
            max: [1.55, 0.95, 1.25],
            front: { tex: plain(r(), hex('#f2f1ee'), 0.006), gloss: 0.2 },
            top: { tex: plain(r(), hex('#f2f1ee'), 0.006), gloss: 0.2 },
          },
          {
            min: [2.4, 0, 0.4],
            max: [2.95, 0.6, 0.95],
            front: { tex: plain(r(), hex('#f2f1ee'), 0.006), gloss: 0.2 },
            top: { tex: plain(r(), hex('#f2f1ee'), 0.006), gloss: 0.2 },
          },
        ],
        exposure: 1,
      }
  }
}

interface RoomSpec {
  type: 'room'
  scene: number
  seed: string
}

function renderRoom(spec: RoomSpec, w: number, h: number): Buffer {
  const rand = mulberry32(hashString(spec.seed))
  const room = sceneRoom(spec.scene, rand)
  const buf = Buffer.alloc(w * h * 3)
  const { pos: o, pitch, yaw, fov } = room.camera
  const tanHalf = Math.tan(((fov / 2) * Math.PI) / 180)
  const pixAngle = (2 * tanHalf) / w
  const cp = Math.cos(pitch)
  const sp = Math.sin(pitch)
  const cy = Math.cos(yaw)
  const sy = Math.sin(yaw)
  const W = room.width
  const H = room.height
  const blocks = room.blocks
  const c: RGB = [0, 0, 0]
  const d: Vec3 = [0, 0, 0]
  const p: Vec3 = [0, 0, 0]
  const n: Vec3 = [0, 0, 0]
  const aspect = w / h

  /** Fraction of a light reaching p (blocks cast shadows). */
  const visibility = (lx: number, ly: number, lz: number, dist: number, skip: number): number => {
    for (let b = 0; b < blocks.length; b++) {
      if (b === skip) continue
      const hit = hitBox(p[0], p[1], p[2], lx, ly, lz, blocks[b]!)
      if (hit.t > 0 && hit.t < dist) return 0.15
    }
    return 1
  }

  for (let py = 0; py < h; py++) {
    for (let px = 0; px < w; px++) {
      // camera ray
      let dx = ((px + 0.5) / w - 0.5) * 2 * tanHalf * aspect
      let dy = -((py + 0.5) / h - 0.5) * 2 * tanHalf
      let dz = -1
      const ny = dy * cp - dz * sp
      dz = dz * cp + dy * sp
      dy = ny
      const nx = dx * cy - dz * sy
      dz = dz * cy + dx * sy
      dx = nx
      const len = Math.sqrt(dx * dx + dy * dy + dz * dz)
      d[0] = dx / len
      d[1] = dy / len
      d[2] = dz / len
      // room shell: nearest of the planes the ray heads towards
      let t = (0 - o[2]) / d[2]
      let face = FACE_BACK
      if (d[0] < 0) {
        const tl = (0 - o[0]) / d[0]
        if (tl < t) {
          t = tl
          face = FACE_LEFT
        }
      } else if (d[0] > 0) {
        const tr = (W - o[0]) / d[0]
        if (tr < t) {
          t = tr
          face = FACE_RIGHT
        }
      }
      if (d[1] < 0) {
        const tf = (0 - o[1]) / d[1]
        if (tf < t) {
          t = tf
          face = FACE_FLOOR
        }
      } else if (d[1] > 0) {
        const tc = (H - o[1]) / d[1]
        if (tc < t) {
          t = tc
          face = FACE_CEILING
        }
      }
      let blockHit = -1
      let axis = -1
      for (let b = 0; b < blocks.length; b++) {
        const hit = hitBox(o[0], o[1], o[2], d[0], d[1], d[2], blocks[b]!)
        if (hit.t > 0 && hit.t < t && hit.axis >= 0) {
          t = hit.t
          blockHit = b
          axis = hit.axis
        }
      }
      p[0] = o[0] + d[0] * t
      p[1] = o[1] + d[1] * t
      p[2] = o[2] + d[2] * t
      let surface: Surface
      let u = 0
      let v = 0
      if (blockHit >= 0) {
        const blk = blocks[blockHit]!
        n[0] = axis === 0 ? (d[0] > 0 ? -1 : 1) : 0
        n[1] = axis === 1 ? (d[1] > 0 ? -1 : 1) : 0
        n[2] = axis === 2 ? 1 : 0
        surface = axis === 1 ? blk.top : blk.front
        if (axis === 1) {
          u = p[0]
          v = p[2] + 10
        } else if (axis === 0) {
          u = p[2] + 20
          v = H - p[1]
        } else {
          u = p[0]
          v = H - p[1]
        }
      } else {
        n[0] = face === FACE_LEFT ? 1 : face === FACE_RIGHT ? -1 : 0
        n[1] = face === FACE_FLOOR ? 1 : face === FACE_CEILING ? -1 : 0
        n[2] = face === FACE_BACK ? 1 : 0
        switch (face) {
          case FACE_BACK:
            surface = room.back
            u = p[0]
            v = H - p[1]
            break
          case FACE_LEFT:
            surface = room.left
            u = 30 - p[2]
            v = H - p[1]
            break
          case FACE_RIGHT:
            surface = room.right
            u = 40 + p[2]
            v = H - p[1]
            break
          case FACE_FLOOR:
            surface = room.floor
            u = p[0]
            v = p[2]
            break
          default:
            surface = room.ceiling
            u = p[0]
            v = p[2]
        }
      }
      const cosI = Math.abs(n[0] * d[0] + n[1] * d[1] + n[2] * d[2])
      const fp = (t * pixAngle) / Math.max(0.3, cosI)
      surface.tex(u, v, fp, c)

      // round mirror: reflects a soft, bright version of the room
      let mirror = 0
      let frame = 0
      let mirrorShadow = 1
      if (room.mirror && blockHit < 0 && face === FACE_BACK) {
        const m = room.mirror
        const mdx = p[0] - m.x
        const mdy = p[1] - m.y
        const md = Math.sqrt(mdx * mdx + mdy * mdy)
        const aa = fp * 1.2
        mirror = 1 - smoothstep(m.r - 0.014 - aa, m.r - 0.014, md)
        frame = (1 - smoothstep(m.r - aa, m.r, md)) * (1 - mirror)
        const sdx = mdx - 0.015
        const sdy = mdy + 0.03
        mirrorShadow = 1 - 0.35 * (1 - smoothstep(m.r - 0.01, m.r + 0.06, Math.sqrt(sdx * sdx + sdy * sdy))) * (1 - mirror - frame)
        if (mirror > 0) {
          // reflected ray: brighter above the horizon (walls, lights), darker towards the floor
          const ry = d[1]
          const env = 0.62 + 0.25 * smoothstep(-0.3, 0.3, ry)
          const rx = d[0] * 0.5 + 0.5
          mixInto(c, [env * 0.97, env * 0.95, env * 0.92], mirror)
          scaleInto(c, 1 + 0.06 * (rx - 0.5))
        }
        if (frame > 0) mixInto(c, hex('#b08d57'), frame)
      }

      // ambient: sky-ish from above, with soft occlusion in corners and around furniture
      let ao = mirrorShadow
      if (blockHit < 0) {
        if (face !== FACE_BACK) ao *= 1 - 0.22 * Math.exp(-p[2] / 0.3)
        if (face !== FACE_LEFT) ao *= 1 - 0.22 * Math.exp(-p[0] / 0.3)
        if (face !== FACE_RIGHT) ao *= 1 - 0.22 * Math.exp(-(W - p[0]) / 0.3)
        if (face !== FACE_FLOOR) ao *= 1 - 0.18 * Math.exp(-p[1] / 0.3)
        if (face !== FACE_CEILING) ao *= 1 - 0.22 * Math.exp(-(H - p[1]) / 0.3)
      }
      for (let b = 0; b < blocks.length; b++) {
        if (b === blockHit) continue
        ao *= 1 - 0.55 * Math.exp(-sdBox(p, blocks[b]!) / 0.07)
      }
      let light = (0.47 + 0.05 * n[1]) * ao
      let spec = 0
      const gloss = surface.gloss * (1 - mirror)
      // fill light
      {
        const lx = room.fill.pos[0] - p[0]
        const ly = room.fill.pos[1] - p[1]
        const lz = room.fill.pos[2] - p[2]
        const dist = Math.sqrt(lx * lx + ly * ly + lz * lz)
        const ndl = (n[0] * lx + n[1] * ly + n[2] * lz) / dist
        if (ndl > 0) {
          const vis = visibility(lx / dist, ly / dist, lz / dist, dist, blockHit)
          light += (room.fill.intensity * ndl * vis * (0.6 + 0.4 * ao)) / (1 + (dist * dist) / 16)
        }
      }
      // downlights: cone-shaped beams give the scallops on the walls
      for (const s of room.spots) {
        const lx = s.pos[0] - p[0]
        const ly = s.pos[1] - p[1]
        const lz = s.pos[2] - p[2]
        const dist = Math.sqrt(lx * lx + ly * ly + lz * lz)
        const ndl = (n[0] * lx + n[1] * ly + n[2] * lz) / dist
        if (ndl <= 0) continue
        const cone = smoothstep(SPOT_OUTER, SPOT_INNER, ly / dist)
        if (cone <= 0) continue
        const vis = visibility(lx / dist, ly / dist, lz / dist, dist, blockHit)
        const e = (s.intensity * ndl * cone * vis) / (0.35 + dist * dist)
        light += e
        if (gloss > 0) {
          let hx = lx / dist - d[0]
          let hy = ly / dist - d[1]
          let hz = lz / dist - d[2]
          const hl = Math.sqrt(hx * hx + hy * hy + hz * hz)
          hx /= hl
          hy /= hl
          hz /= hl
          const nh = Math.max(0, n[0] * hx + n[1] * hy + n[2] * hz)
          spec += gloss * 0.12 * Math.pow(nh, 24) * cone * vis * s.intensity
        }
      }
      if (blockHit >= 0 && axis === 1) light *= 1.04
      const vx = (px + 0.5) / w - 0.5
      const vy = (py + 0.5) / h - 0.5
      const k = light * room.exposure * (1 - 0.3 * (vx * vx + vy * vy))
      let r0 = c[0] * k * WARM[0] + spec
      let g0 = c[1] * k * WARM[1] + spec
      let b0 = c[2] * k * WARM[2] + spec * 0.95
      // the downlight fittings themselves
      if (blockHit < 0 && face === FACE_CEILING) {
        for (const s of room.spots) {
          const fx = p[0] - s.pos[0]
          const fz = p[2] - s.pos[2]
          const fd = Math.sqrt(fx * fx + fz * fz)
          const aa = fp * 1.2
          const lens = 1 - smoothstep(0.032 - aa, 0.032, fd)
          const trim = (1 - smoothstep(0.045 - aa, 0.045, fd)) * (1 - lens)
          if (lens + trim > 0) {
            r0 = lerp(lerp(r0, 0.86, trim), 1.4, lens)
            g0 = lerp(lerp(g0, 0.85, trim), 1.35, lens)
            b0 = lerp(lerp(b0, 0.83, trim), 1.25, lens)
          }
        }
      }
      const i = (py * w + px) * 3
      buf[i] = Math.round(clamp01(tone(r0)) * 255)
      buf[i + 1] = Math.round(clamp01(tone(g0)) * 255)
      buf[i + 2] = Math.round(clamp01(tone(b0)) * 255)
    }
  }
  return buf
}

// ─── Jobs ────────────────────────────────────────────────────────────────────

type RenderSpec = FlatSpec | RoomSpec

interface Job {
  name: string
  spec: RenderSpec
  /** Render size (the largest output). */
  width: number
  height: number
  /** One entry per width: written as `<file>.webp` and `<file>.avif`. */
  outputs: { file: string; width: number; height: number }[]
}

interface JobResult {
  name: string
  /** WebP bytes written. */
  bytes: number
  avifBytes: number
  files: number
  ms: number
}

function buildJobs(): Job[] {
  const jobs: Job[] = []
  const set = (name: string, spec: RenderSpec, dir: string, base: string, widths: readonly number[], ratio: number, renderScale = 1): void => {
    const max = Math.max(...widths)
    jobs.push({
      name,
      spec,
      width: Math.round(max * renderScale),
      height: Math.round(max * ratio * renderScale),
      outputs: widths.map((w) => ({
        file: join(OUT_DIR, dir, `${base}-${w}`),
        width: w,
        height: Math.round(w * ratio),
      })),
    })
  }
  // heaviest renders first, so both threads finish at about the same time
  set('hero', { type: 'flat', texture: 'hero', seed: 'hero', span: 2.4, vignette: 0.35 }, 'hero', 'hero', [640, 1280, 1920], 9 / 16)
  // Portrait screens (phones): the hero covers a tall box, so a landscape picture would be scaled up
  // to about three screen widths; this crop of the same marble fills it at the screen's width.
  set('hero-portrait', { type: 'flat', texture: 'hero', seed: 'hero', span: 1.35, vignette: 0.35 }, 'hero-portrait', 'hero', [480, 828], 16 / 9)
  for (let n = 1; n <= 6; n++) {
    // rendered at 1.5× and downscaled: anti-aliases the room edges
    set(`gallery-${n}`, { type: 'room', scene: n, seed: `gallery-${n}` }, 'gallery', `gallery-${n}`, [400, 800], 1, 1.5)
  }
  for (const p of seedProducts) {
    const spec: FlatSpec = { type: 'flat', texture: textureForSlug(p.slug), seed: p.slug, span: 0.9, vignette: 0.14 }
    set(p.slug, spec, 'products', p.slug, CARD_WIDTHS, 5 / 4)
  }
  for (const cat of seedCategories) {
    const spec: FlatSpec = {
      type: 'flat',
      texture: textureForSlug(cat.slug),
      seed: `category-${cat.slug}`,
      span: 1.2,
      vignette: 0.16,
    }
    set(`category-${cat.slug}`, spec, 'categories', cat.slug, CARD_WIDTHS, 2 / 3)
  }
  return jobs
}

async function runJob(job: Job): Promise<JobResult> {
  const start = performance.now()
  const raw = job.spec.type === 'flat' ? renderFlat(job.spec, job.width, job.height) : renderRoom(job.spec, job.width, job.height)
  let bytes = 0
  let avifBytes = 0
  for (const out of job.outputs) {
    await mkdir(dirname(out.file), { recursive: true })
    let img = sharp(raw, { raw: { width: job.width, height: job.height, channels: 3 } })
    if (out.width !== job.width || out.height !== job.height) {
      img = img.resize(out.width, out.height, { kernel: 'lanczos3', fit: 'fill' })
    }
    const webp = await img.clone().webp({ quality: WEBP_QUALITY, effort: 5 }).toFile(`${out.file}.webp`)
    const avif = await img.avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT }).toFile(`${out.file}.avif`)
    bytes += webp.size
    avifBytes += avif.size
  }
  return { name: job.name, bytes, avifBytes, files: job.outputs.length, ms: performance.now() - start }
}

// ─── Entry: main thread hands jobs to one worker per core ───────────────────

interface WorkerMessage {
  type: 'job'
  job: Job
}

async function main(): Promise<void> {
  const started = performance.now()
  const only = process.argv.slice(2)
  const jobs = buildJobs().filter((j) => only.length === 0 || only.some((o) => j.name.includes(o)))
  const queue = [...jobs]
  const results: JobResult[] = []
  const threads = Math.max(1, Math.min(availableParallelism(), queue.length))
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(new URL(import.meta.url))
      try {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const current = job
          const result = await new Promise<JobResult>((resolve, reject) => {
            const onMessage = (r: JobResult): void => {
              worker.off('error', reject)
              resolve(r)
            }
            worker.once('message', onMessage)
            worker.once('error', reject)
            worker.postMessage({ type: 'job', job: current } satisfies WorkerMessage)
          })
          if (process.env.VERBOSE) console.log(`  ${result.name}: ${Math.round(result.ms)} ms`)
          results.push(result)
        }
      } finally {
        await worker.terminate()
      }
    }),
  )
  const files = results.reduce((s, r) => s + r.files, 0)
  const bytes = results.reduce((s, r) => s + r.bytes, 0)
  const avifBytes = results.reduce((s, r) => s + r.avifBytes, 0)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `generate-images: ${files} WebP + ${files} AVIF files (${jobs.length} images) → ${relative(process.cwd(), OUT_DIR) || OUT_DIR}, WebP ${(bytes / 1024 / 1024).toFixed(2)} MB, AVIF ${(avifBytes / 1024 / 1024).toFixed(2)} MB in ${seconds}s on ${threads} threads`,
  )
}

if (isMainThread) {
  await main()
} else {
  parentPort?.on('message', (msg: WorkerMessage) => {
    if (msg.type !== 'job') return
    runJob(msg.job).then(
      (result) => parentPort?.postMessage(result),
      (error: unknown) => {
        throw error
      },
    )
  })
}
