import { createTestApp, type TestApp, type TestAppOptions } from './app.ts'
import { sharedFixture } from './shared-fixture.ts'

/**
 * The app (`createTestApp`) on a fresh database, shared by the tests of this file (or of the
 * describe block it is called in) and closed after the last. Read its fields inside tests, or pass
 * it to the helpers that take a TestApp.
 */
export function sharedTestApp(options: TestAppOptions = {}): TestApp {
  const started = sharedFixture(
    'the test app',
    () => createTestApp(options),
    (t) => t.app.close(),
  )
  return {
    get app() {
      return started().app
    },
    get database() {
      return started().database
    },
    get env() {
      return started().env
    },
    outbox: () => started().outbox(),
  }
}
