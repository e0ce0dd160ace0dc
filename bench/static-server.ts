import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

// The reference for the server-rendered page: the same HTML (BENCH_HTML_FILE) answered from
// memory by a bare Fastify server, the same kind of server the shop is. Any path, like the shop.
const html = readFileSync(process.env.BENCH_HTML_FILE ?? '', 'utf8')
const app = Fastify({ logger: false })
app.get('/healthz', async () => ({ status: 'ok' }))
app.get('/*', async (_req, reply) => reply.type('text/html; charset=utf-8').send(html))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
