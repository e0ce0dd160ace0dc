// Room render (gallery): one ray per pixel through a room of rooms.ts (box walls and furniture blocks),
// lit by a fill light and cone-shaped downlights with shadows, plus a round mirror's reflection.

import { type Color, type RGB, clamp01, smoothstep, lerp, mixInto, scaleInto, hex, hashString, mulberry32 } from './maths.ts'
import { type Vec3, type Surface, type Block, sceneRoom } from './rooms.ts'

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

export interface RoomSpec {
  type: 'room'
  scene: number
  seed: string
}

export function renderRoom(spec: RoomSpec, w: number, h: number): Buffer {
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
