// The six gallery rooms ("inspiration" tiles): walls, floor, ceiling, furniture, lights and camera.

import { type Rand, type Sampler, hex, mulberry32 } from './maths.ts'
import { plain, tiles, panels, slats } from './surfaces.ts'
import { type TextureKind, GLOSS, makeTexture } from './textures.ts'

export type Vec3 = [number, number, number]

export interface Surface {
  tex: Sampler
  gloss: number
}

export interface Block {
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

export function sceneRoom(index: number, rand: Rand): Room {
  const r = (): Rand => mulberry32(Math.floor(rand() * 1e9))
  const paint = (color: string, amount = 0.012): Surface => ({ tex: plain(r(), hex(color), amount), gloss: 0 })
  const tex = (kind: TextureKind): Surface => ({ tex: makeTexture(kind, r()), gloss: GLOSS[kind] })
  const cam = (x: number, y: number, z: number, pitch: number, yaw: number, fov: number): Room['camera'] => ({
    pos: [x, y, z],
    pitch,
    yaw,
    fov,
  })
  /** Furniture's lacquer and worktops: a plain colour with finer noise than a wall's paint. */
  const lacquer = (color: string, gloss: number): Surface => ({ tex: plain(r(), hex(color), 0.006), gloss })
  /** A feature wall of the texture in 1.22 m panels. */
  const panelled = (kind: TextureKind, gloss: number): Surface => ({ tex: panels(makeTexture(kind, r()), 1.22), gloss })
  // the arguments are evaluated in order, so the surfaces draw from `rand` as the literals did
  const block = (min: Vec3, max: Vec3, front: Surface, top: Surface): Block => ({ min, max, front, top })
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
        back: panelled('calacatta', 0.6),
        left: panelled('calacatta', 0.6),
        right: paint('#eeebe5'),
        floor: { tex: tiles(makeTexture('concrete', r()), 0.6, 1.2, 0.003, hex('#7d7a75'), 11), gloss: 0.2 },
        ceiling: paint('#f2f0eb', 0.006),
        blocks: [block([0.85, 0.5, 0], [2.35, 0.9, 0.5], tex('walnut'), lacquer('#f4f2ee', 0.5))],
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
        back: panelled('sandstone', 0.1),
        left: paint('#ebe5db'),
        right: paint('#ebe5db'),
        floor: { tex: makeTexture('concrete', r()), gloss: 0.25 },
        ceiling: { tex: slats(makeTexture('oak', r()), 0.07, 0.025, hex('#1c1510')), gloss: 0.15 },
        blocks: [block([1.0, 0, 0], [3.4, 0.42, 0.42], tex('oak'), lacquer('#efebe4', 0.3))],
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
        back: panelled('slate', 0.25),
        left: paint('#ece7df'),
        right: paint('#ece7df'),
        floor: { tex: makeTexture('oak', r()), gloss: 0.15 },
        ceiling: paint('#f1eee9', 0.006),
        blocks: [block([0.7, 0.12, 0], [3.1, 0.55, 0.42], lacquer('#f1efea', 0.3), lacquer('#f6f4f0', 0.3))],
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
        back: panelled('nero', 1),
        left: tex('teak'),
        right: paint('#efece7'),
        floor: { tex: tiles(makeTexture('carrara', r()), 0.9, 0.9, 0.002, hex('#a9abad'), 12), gloss: 0.8 },
        ceiling: paint('#f1efea', 0.006),
        blocks: [block([1.2, 0, 1.3], [3.4, 1.05, 1.85], tex('teak'), { tex: makeTexture('calacatta', r()), gloss: 1 })],
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
        blocks: [block([0.8, 0.3, 0], [3.4, 0.62, 0.42], lacquer('#ece8e1', 0.3), lacquer('#f1ede7', 0.3))],
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
        back: panelled('concrete', 0.1),
        left: tex('ash'),
        right: paint('#eeece8'),
        floor: { tex: tiles(makeTexture('granite', r()), 0.6, 0.6, 0.002, hex('#6a6a6a'), 14), gloss: 0.6 },
        ceiling: paint('#2f2f31', 0.02),
        blocks: [
          block([1.0, 0, 0.7], [1.55, 0.95, 1.25], lacquer('#f2f1ee', 0.2), lacquer('#f2f1ee', 0.2)),
          block([2.4, 0, 0.4], [2.95, 0.6, 0.95], lacquer('#f2f1ee', 0.2), lacquer('#f2f1ee', 0.2)),
        ],
        exposure: 1,
      }
  }
}
