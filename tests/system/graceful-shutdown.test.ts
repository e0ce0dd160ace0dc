import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProductionShop, type ProductionShop, type ServerProcess } from '../helpers/server-process.ts'

// On SIGTERM (a deploy, a scale-down) the server stops taking connections, finishes the requests it
// is serving, closes its database and exits 0 well within 10 seconds. The server runs as a child
// process exactly as the image runs it (`node server/main.ts`), in production mode.

let shop: ProductionShop
let server: ServerProcess
let port: number
beforeAll(async () => {
  // Its own embedded database: closing it is part of what is tested.
  shop = await startProductionShop('shutdown')
  server = shop.server
  port = server.port
}, 120_000)
afterAll(async () => {
  await server?.kill()
  shop?.remove()
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
    let exitedAt: number | null = null
    const exited = server.exited.then((code) => {
      exitedAt = Date.now()
      return code
    })
    const signalled = Date.now()
    const stopped = server.stop()
    await new Promise((resolve) => setTimeout(resolve, 500))

    // Closed for new connections…
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
    expect(exitedAt).toBeNull()

    // …while the one in flight is served to the end.
    request.finish()
    const answer = await request.ended
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain('"result"')

    expect(await exited).toBe(0)
    await stopped
    expect(exitedAt! - signalled).toBeLessThan(10_000)
    expect(server.output()).toContain('shutting down')
  }, 30_000)
})
