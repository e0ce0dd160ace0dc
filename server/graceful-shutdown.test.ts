import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stagingEnv } from '../tests/helpers/staging-env.ts'

// Issue 13: on SIGTERM (a deploy, a scale-down) the server stops taking connections, finishes the
// requests it is serving, closes its database and exits 0 well within 10 seconds. The server runs
// as a child process exactly as the image runs it (`node server/main.ts`), in production mode.

const root = new URL('..', import.meta.url).pathname
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

let child: ChildProcess
let port: number
let dataDir: string
let output = ''
beforeAll(async () => {
  port = await freePort()
  dataDir = mkdtempSync(join(tmpdir(), 'shop-shutdown-'))
  child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...stagingEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BETTER_AUTH_SECRET: 'shutdown-test-secret-0123456789-0123456789',
      LOG_LEVEL: 'info',
      // Its own embedded database: closing it is part of what is tested.
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`)
    const alive = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (alive) break
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}, 120_000)
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** A request whose body arrives in two halves, with as long as the test likes in between. */
function slowRequest(body: string) {
  const socket = connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk) => (answer += chunk.toString()))
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)))
  const half = Math.floor(body.length / 2)
  socket.write(
    [
      'POST /trpc/forms.contact HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body.slice(0, half),
    ].join('\r\n'),
  )
  return { finish: () => socket.write(body.slice(half)), ended }
}

describe('SIGTERM', () => {
  it('finishes the request in flight, takes no new connection, closes and exits 0 within 10 s', async () => {
    const message = {
      name: 'Ana García',
      company: '',
      email: 'ana@example.com',
      phone: '+34 600 111 222',
      message: 'Quisiera un presupuesto para 40 m².',
    }
    const request = slowRequest(JSON.stringify(message))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })))
    const signalled = Date.now()
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))

    // Closed for new connections…
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
    expect(child.exitCode).toBeNull()

    // …while the one in flight is served to the end.
    request.finish()
    const answer = await request.ended
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain('"result"')

    const { code, at } = await exited
    expect(code).toBe(0)
    expect(at - signalled).toBeLessThan(10_000)
    expect(output).toContain('shutting down')
  }, 30_000)
})
