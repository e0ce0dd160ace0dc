import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

// The reference for the server-rendered page: the same HTML (BENCH_HTML_FILE) answered from
// memory by a bare Fastify server, the same kind of server the shop is. Any path, like the shop.
// A fair ceiling: the bytes are encoded once (the shop's HTML cache keeps bytes too), so each
// answer is headers and one write.
const html = readFileSync(process.env.BENCH_HTML_FILE ?? '')
const app = Fastify({ logger: false })
app.get('/healthz', async () => ({ status: 'ok' }))
app.get('/*', (_req, reply) => {
  void reply.header('content-type', 'text/html; charset=utf-8').send(html)
})
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
