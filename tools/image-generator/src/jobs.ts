// What to draw and where: one job per image (its render spec and its widths), and the job itself:
// render once at the largest size, then write each width as WebP and AVIF with sharp.

import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { seedCategories, seedProducts } from '../../../server/db/seed-data.ts'
import { textureForSlug } from './textures.ts'
import { type FlatSpec, renderFlat } from './flat.ts'
import { type RoomSpec, renderRoom } from './room.ts'

/** The shop's root: the images go where it reads them (src/lib/images.ts), one set per seeded slug. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
export const OUT_DIR = join(ROOT, 'src/assets/images')
const WEBP_QUALITY = 78
// AVIF at 45 measures as close to the source as the WebP at 78 (PSNR) in 25–50 % fewer bytes; effort 6
// is slower to encode (once, here) and changes nothing for the browser.
const AVIF_QUALITY = 45
const AVIF_EFFORT = 6
/** Product and category widths: 760 covers a phone's one-column card (~376 px) at DPR 1.75–2 and a 3-column desktop card (363 px) at DPR 2. */
const CARD_WIDTHS = [400, 760, 1200] as const

type RenderSpec = FlatSpec | RoomSpec

export interface Job {
  name: string
  spec: RenderSpec
  /** Render size (the largest output). */
  width: number
  height: number
  /** One entry per width: written as `<file>.webp` and `<file>.avif`. */
  outputs: { file: string; width: number; height: number }[]
}

export interface JobResult {
  name: string
  /** WebP bytes written. */
  bytes: number
  avifBytes: number
  files: number
  ms: number
}

export function buildJobs(): Job[] {
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

export async function runJob(job: Job): Promise<JobResult> {
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
