// Flat render (products, categories, hero): a texture seen straight on, with a soft sheen and vignette.

import { type RGB, clamp01, hashString, mulberry32 } from './maths.ts'
import { type TextureKind, GLOSS, makeTexture } from './textures.ts'

export interface FlatSpec {
  type: 'flat'
  texture: TextureKind
  seed: string
  /** Metres of panel shown across the image width. */
  span: number
  vignette: number
}

export function renderFlat(spec: FlatSpec, w: number, h: number): Buffer {
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
