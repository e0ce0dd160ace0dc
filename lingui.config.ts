import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

// English is the source locale (msgids are the spec's English texts); Spanish is the default
// language shown to visitors. See docs/decisions/005-source-locale.md.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
