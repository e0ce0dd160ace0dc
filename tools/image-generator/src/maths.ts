// Small maths helpers shared by every texture and both renderers: colours, interpolation, hashes and
// the seeded PRNG.

export type Color = readonly [number, number, number]
/** Mutable RGB in 0..1 (sRGB-ish), written by samplers. */
export type RGB = [number, number, number]
export type Rand = () => number

/** A texture: world position in metres (y grows downwards), pixel footprint in metres, RGB out. */
export type Sampler = (x: number, y: number, fp: number, out: RGB) => void

export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v
}

export function smoothstep(e0: number, e1: number, v: number): number {
  const t = clamp01((v - e0) / (e1 - e0))
  return t * t * (3 - 2 * t)
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t
}

export function mixInto(out: RGB, c: Color, t: number): void {
  out[0] += (c[0] - out[0]) * t
  out[1] += (c[1] - out[1]) * t
  out[2] += (c[2] - out[2]) * t
}

export function setColor(out: RGB, c: Color): void {
  out[0] = c[0]
  out[1] = c[1]
  out[2] = c[2]
}

export function scaleInto(out: RGB, k: number): void {
  out[0] *= k
  out[1] *= k
  out[2] *= k
}

/** 8-bit sRGB hex → Color. */
export function hex(h: string): Color {
  const n = Number.parseInt(h.replace('#', ''), 16)
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255]
}

/** FNV-1a string hash, used to seed the PRNG from a slug. */
export function hashString(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: tiny, fast, good enough for textures. */
export function mulberry32(seed: number): Rand {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Stateless integer hash of (a, b, seed) → [0, 1). */
export function hash3(a: number, b: number, seed: number): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1)
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}
