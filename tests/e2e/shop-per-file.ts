import { sharedFixture } from '../helpers/shared-fixture.ts'
import { startShop } from './start-app.ts'

/**
 * A shop of this file's own (settings the shared one has not, or a journey that stops it), started
 * as `npm start` starts it before the first test and stopped after the last. Read its fields inside
 * tests; after `stop({ keepData: true })`, `startAgain()` starts it on the same port and data.
 */
export function shopPerFile(env: Record<string, string> = {}) {
  const started = sharedFixture(
    'the shop',
    async () => ({ running: await startShop(env) }),
    (shop) => shop.running.stop(),
  )
  return {
    get baseUrl() {
      return started().running.baseUrl
    },
    get dataDir() {
      return started().running.dataDir
    },
    get aeat() {
      return started().running.aeat
    },
    stop: (opts?: { keepData?: boolean }) => started().running.stop(opts),
    async startAgain() {
      const shop = started()
      shop.running = await startShop(env, { port: shop.running.port, dataDir: shop.running.dataDir })
    },
  }
}
