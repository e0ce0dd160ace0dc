// Renders every catalogue image procedurally (no downloads): marble, wood and stone textures for the
// products and categories, a dark marble hero and six "inspiration" room tiles for the gallery.
// From the shop's root:
//
//   npm run images                      # everything
//   npm run images -- marmol gallery    # only images whose name contains one of the words
//   VERBOSE=1 npm run images            # per-image timings
//
// Deterministic: each image has its own seeded PRNG (seeded from its slug), so reruns give identical
// pixels. Each image is rendered once at its largest size and downscaled with sharp for the smaller
// widths, each width written as WebP (every browser) and AVIF (smaller, for browsers that accept it).
// Work is spread over worker threads (one per core): each runs this same file.
//
// The modules, by what they draw: maths.ts and noise.ts (helpers, value noise), marble.ts, wood.ts
// and stone.ts (the textures), textures.ts (which finish uses which texture), flat.ts (products,
// categories, hero), rooms.ts and room.ts (the gallery's rooms and their renderer), jobs.ts (the
// list of images, their sizes and the encoding).

import { availableParallelism } from 'node:os'
import { relative } from 'node:path'
import { Worker, isMainThread, parentPort } from 'node:worker_threads'
import { OUT_DIR, ROOT, type Job, type JobResult, buildJobs, runJob } from './jobs.ts'

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
    `generate-images: ${files} WebP + ${files} AVIF files (${jobs.length} images) → ${relative(ROOT, OUT_DIR)}, WebP ${(bytes / 1024 / 1024).toFixed(2)} MB, AVIF ${(avifBytes / 1024 / 1024).toFixed(2)} MB in ${seconds}s on ${threads} threads`,
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
