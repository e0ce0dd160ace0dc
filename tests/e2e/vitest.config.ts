import { defineConfig } from 'vitest/config'

// Browser journeys: the app is started once, exactly as the README says (`npm start`), on a free
// port with a fresh DATA_DIR; each file drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/start-app.ts'],
    testTimeout: 60_000,
    // What a page shows after a server round trip (a sign-up's password hashing, a payment) can
    // take seconds on a loaded 2-core CI machine; Vitest's default of 1 s made journeys flaky.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
})
