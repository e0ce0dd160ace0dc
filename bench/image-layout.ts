import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

/** One `COPY` of the Dockerfile's runtime stage: from the build stage (`/app/…`) or from the sources. */
export interface ImageCopy {
  fromBuild: boolean
  sources: string[]
  destination: string
}

/** The runtime stage's `COPY` lines, in order (`COPY [--from=build] <source>… <destination>`). */
export function runtimeCopies(dockerfile: string): ImageCopy[] {
  const lines = dockerfile.split('\n')
  const start = lines.findIndex((line) => /^FROM\s.+\sAS\s+runtime\s*$/i.test(line))
  if (start < 0) throw new Error('The Dockerfile has no `FROM … AS runtime` stage')
  return lines.slice(start + 1).flatMap((line): ImageCopy[] => {
    const words = line.trim().split(/\s+/)
    if (words[0] !== 'COPY') return []
    const fromBuild = words[1] === '--from=build'
    const paths = words.slice(fromBuild ? 2 : 1)
    if (paths.some((path) => path.startsWith('--')) || paths.length < 2) throw new Error(`A COPY the bench cannot follow: ${line}`)
    return [{ fromBuild, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' }]
  })
}

/**
 * The shop laid out in `dir` as the image holds it, so the bench measures what the image runs (its
 * resident memory above all): the runtime stage's copies, with the build stage's
 * `/app/runtime/node_modules` made here by scripts/bundle-server.ts (one bundle per import path,
 * not this checkout's node_modules) and its `/app/dist` this checkout's build. Returns `dir`.
 */
export function imageLayout(dir: string): string {
  const bundled = join(dir, '.runtime')
  execFileSync(process.execPath, [join(root, 'scripts/bundle-server.ts'), bundled], { cwd: root, stdio: 'ignore' })
  for (const copy of runtimeCopies(readFileSync(join(root, 'Dockerfile'), 'utf8'))) {
    for (const source of copy.sources) {
      const from = copy.fromBuild
        ? join(source === '/app/runtime/node_modules' ? bundled : root, source.replace(/^\/app\/(runtime\/)?/, ''))
        : join(root, source)
      if (!existsSync(from)) throw new Error(`The image copies ${source}, missing here (${from}): run npm run build first`)
      // `COPY a b ./` puts each source in the folder; `COPY server ./server` names the target itself.
      const target = copy.destination.endsWith('/') ? join(dir, copy.destination, basename(source)) : join(dir, copy.destination)
      mkdirSync(join(target, '..'), { recursive: true })
      cpSync(from, target, { recursive: true })
    }
  }
  return dir
}
