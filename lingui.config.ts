import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/** Where messages are written: the client's components, the shared rules and the server. */
export const messageSources = {
  include: ['<rootDir>/src', '<rootDir>/core', '<rootDir>/server'],
  exclude: ['**/node_modules/**', '**/*.test.*', '**/routeTree.gen.ts', '<rootDir>/core/i18n/locales/**'],
}

// English is the source locale (msgids are English texts, or stable ids for messages outside
// components: core/messages.ts); Spanish is the default language shown to visitors. The catalogs
// compile to core/i18n/locales/*.ts, which the server imports as they are
// (docs/decisions/005-source-locale.md, 009-server-messages-and-emails.md).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/core/i18n/locales/{locale}', ...messageSources }],
  format: formatter({ lineNumbers: false }),
})
