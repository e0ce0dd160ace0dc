import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy in front of a server (PostgreSQL in the outage tests) that a test can cut and
 * restore: cut drops every open connection and refuses new ones, as a database that went away does.
 */
export interface TcpProxy {
  port: number
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {})
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        const address = next.address()
        port = typeof address === 'object' && address ? address.port : port
        server = next
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server) return resolve()
      server.close(() => resolve())
      server = null
    })
  await listen()
  return {
    get port() {
      return port
    },
    cut: stop,
    restore: listen,
    close: stop,
  }
}
