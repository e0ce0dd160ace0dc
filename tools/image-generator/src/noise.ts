// Value noise and fractal Brownian motion (fBm): the grain of every texture.

import type { Rand } from './maths.ts'

const NOISE_SIZE = 1024
const NOISE_MASK = NOISE_SIZE - 1

export class Noise {
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
