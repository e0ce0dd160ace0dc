import { buildApp } from './app.ts'
import { prepareDatabase } from './prepare-database.ts'
import { EnvError, loadEnv } from './env.ts'

/** Process entry: environment → database (migrated, seeded) → app → listen; graceful on SIGTERM. */
async function main() {
  const env = loadEnv()
  const database = await prepareDatabase(env, console)
  const app = await buildApp({ env, database })
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  await app.listen({ port: env.PORT, host: env.HOST })
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
