import middie from '@fastify/middie'
import fp from 'fastify-plugin'
import { createServer } from 'vite'
import { buildApp } from './app.ts'
import { EnvError, loadEnv } from './env.ts'
import type { PageRenderer, RenderPage } from './http/ssr.ts'
import { prepareDatabase } from './prepare-database.ts'

// `npm run dev`: the shop with Vite's dev server inside it (middleware mode). Editing a component
// updates the open page without a reload (hot module replacement); pages are rendered on the
// server from the current sources; editing server/ or core/ restarts this process (node --watch).
async function main() {
  const env = loadEnv({ NODE_ENV: 'development', ...process.env })
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  const render: RenderPage = async (opts) => {
    const entry = await vite.ssrLoadModule('/src/entry-server.tsx')
    if (typeof entry.render !== 'function') throw new Error('src/entry-server.tsx exports no render()')
    const renderEntry: RenderPage = entry.render
    return renderEntry(opts)
  }
  // Vite serves the entry and its styles itself (styles are injected by the modules in development).
  const pages: PageRenderer = { render, assets: { script: '/src/entry-client.tsx', css: [], preloads: [], routePreloads: {} } }
  const database = await prepareDatabase(env, console)
  const app = await buildApp({
    env,
    database,
    pages,
    devServer: fp(async (instance) => {
      await instance.register(middie)
      instance.use(vite.middlewares)
      instance.addHook('onClose', async () => vite.close())
    }),
  })
  const close = () => void app.close().then(() => process.exit(0))
  process.on('SIGTERM', close)
  process.on('SIGINT', close)
  await app.listen({ port: env.PORT, host: env.HOST })
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error)
  process.exit(1)
})
