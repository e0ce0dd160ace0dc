// Stone textures: slate, granite, sandstone and concrete.

import { type Color, type Rand, type Sampler, clamp01, smoothstep, lerp, mixInto, setColor, scaleInto, hex, hash3 } from './maths.ts'
import { Noise } from './noise.ts'

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

export function slate(rand: Rand): Sampler {
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

export function granite(rand: Rand): Sampler {
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

export function sandstone(rand: Rand): Sampler {
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

export function concrete(rand: Rand): Sampler {
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
