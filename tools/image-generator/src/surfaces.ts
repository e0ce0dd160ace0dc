// Flat surfaces for the gallery rooms: painted walls, and a texture laid as tiles, wall panels or slats.

import { type Color, type Rand, type Sampler, smoothstep, mixInto, setColor, scaleInto, hash3 } from './maths.ts'
import { Noise } from './noise.ts'

export function plain(rand: Rand, color: Color, amount: number): Sampler {
  const n = new Noise(rand)
  return (x, y, fp, out) => {
    setColor(out, color)
    scaleInto(out, 1 + amount * n.fbm(x * 3, y * 3, 4, fp * 3))
  }
}

/** Lay a texture as tiles: each tile shows a different part of it, separated by grout. */
export function tiles(inner: Sampler, tw: number, th: number, grout: number, groutColor: Color, seed: number): Sampler {
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
export function panels(inner: Sampler, width: number): Sampler {
  return (x, y, fp, out) => {
    inner(x, y, fp, out)
    const u = x - Math.floor(x / width) * width
    const d = Math.min(u, width - u)
    scaleInto(out, 1 - 0.25 * (1 - smoothstep(0.0008, 0.0008 + fp, d)))
  }
}

/** Ceiling slats along y with dark gaps between them. */
export function slats(inner: Sampler, slatWidth: number, gap: number, gapColor: Color): Sampler {
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
