// Wood textures: rings and grain of a board.

import { type Color, type Rand, type Sampler, smoothstep, lerp, mixInto, setColor, scaleInto, hex, hash3 } from './maths.ts'
import { Noise } from './noise.ts'

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

export function wood(rand: Rand, o: WoodOptions): Sampler {
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
