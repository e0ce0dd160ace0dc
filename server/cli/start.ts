import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// `npm start`: builds the client when the build is missing or older than its sources, then runs
// the server (which migrates, seeds an empty catalog and listens).
const root = fileURLToPath(new URL('../..', import.meta.url))
const manifest = join(root, 'dist/client/.vite/manifest.json')
const ssrEntry = join(root, 'dist/server/entry-server.js')

function newestMtime(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

function builtAt(): number | null {
  try {
    return Math.min(statSync(manifest).mtimeMs, statSync(ssrEntry).mtimeMs)
  } catch {
    return null
  }
}

function sourcesChangedSince(time: number): boolean {
  try {
    return ['src', 'public', 'vite.config.ts', 'lingui.config.ts'].some((p) => newestMtime(join(root, p)) > time)
  } catch {
    // Sources are absent in the production image: the shipped build is the build.
    return false
  }
}

const built = builtAt()
if (built === null || sourcesChangedSince(built)) {
  console.log(built === null ? 'No client build found: building…' : 'Client sources changed: rebuilding…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

await import('../main.ts')
