import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'

// The Docker CLI driven from tests: the image built as a fresh clone builds it, containers and
// volumes that are always removed, even after a run that was killed half-way.

const run = promisify(execFile)

/** The classic builder unless the caller chose otherwise: BuildKit fetches its front end from Docker Hub. */
const dockerEnv = () => ({ ...process.env, DOCKER_BUILDKIT: process.env.DOCKER_BUILDKIT ?? '0' })

/** Runs `docker …` and resolves with its stdout; rejects with the command's stderr in the message. */
export async function docker(args: string[], opts: { timeoutMs?: number } = {}): Promise<string> {
  try {
    const { stdout } = await run('docker', args, { env: dockerEnv(), timeout: opts.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024 })
    return stdout
  } catch (error) {
    const detail = error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error)
    throw new Error(`docker ${args[0] ?? ''} failed: ${detail.trim().slice(-4000)}`)
  }
}

/** Null when a Docker daemon answers; otherwise why not, for a skip message. */
export async function dockerUnavailable(): Promise<string | null> {
  try {
    await docker(['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 15_000 })
    return null
  } catch (error) {
    return String(error instanceof Error ? error.message : error)
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ')
      .slice(0, 200)
  }
}

export async function imageExists(image: string): Promise<boolean> {
  return docker(['image', 'inspect', image]).then(
    () => true,
    () => false,
  )
}

/** An image's size in bytes as `docker images` counts it: its layers, the base image's included. */
export async function imageSize(image: string): Promise<number> {
  return Number((await docker(['image', 'inspect', '--format', '{{.Size}}', image])).trim())
}

/** A new named volume, labelled like the containers so that a killed run's volume goes too. */
export async function createVolume(name: string): Promise<string> {
  await docker(['volume', 'create', ...ownerLabelArgs(), name])
  return name
}

/**
 * What a clean clone of the working tree holds: the files git tracks or would track (untracked but
 * not ignored, so work not yet committed counts), copied into a new folder. Anything the build
 * needs that only exists here because it is git-ignored (node_modules, dist, data) is missing.
 */
export async function cleanCheckout(root: string): Promise<string> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 16 * 1024 * 1024 })
  const target = mkdtempSync(join(tmpdir(), 'shop-clone-'))
  for (const file of stdout.split('\0')) {
    // Deleted but not yet committed: a commit of this tree would not have it either.
    if (file === '' || !existsSync(join(root, file))) continue
    mkdirSync(dirname(join(target, file)), { recursive: true })
    copyFileSync(join(root, file), join(target, file))
  }
  return target
}

// Containers carry the pid of the test process that started them: a later run removes those whose
// process is gone (killed before its afterAll), and never another live run's.
const ownerLabel = 'panel-shop.test-owner'

export function ownerLabelArgs(): string[] {
  return ['--label', `${ownerLabel}=${process.pid}`]
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: alive, another user's.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

const orphansOf = (listed: string) =>
  listed
    .split('\n')
    .map((line) => line.trim().split(' '))
    .filter(([id, pid]) => id && !isAlive(Number(pid)))
    .map(([id]) => id ?? '')

/** Removes the test containers (with their volumes) whose test process no longer runs. */
export async function removeOrphanContainers(): Promise<void> {
  const containers = orphansOf(await docker(['ps', '-a', '--filter', `label=${ownerLabel}`, '--format', `{{.ID}} {{.Label "${ownerLabel}"}}`]))
  if (containers.length > 0) await docker(['rm', '--force', '--volumes', ...containers])
  // After the containers: a volume in use cannot be removed.
  const volumes = orphansOf(await docker(['volume', 'ls', '--filter', `label=${ownerLabel}`, '--format', `{{.Name}} {{.Label "${ownerLabel}"}}`]))
  if (volumes.length > 0) await docker(['volume', 'rm', '--force', ...volumes])
}
