import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// The import rules of docs/architecture.md (docs/decisions/023), so a wrong import fails
// `npm run lint`. ESLint applies the last matching block's options for a rule, so each folder lists
// every pattern that holds for it.
const serverNeverImportsClient = {
  group: ['**/src/**'],
  allowTypeImports: true,
  message: 'The server never imports src/ at run time (only types, such as the SSR entry).',
}
const restrictImports = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
})
const importRules = [
  restrictImports(
    ['src/**'],
    [{ group: ['**/server/**'], allowTypeImports: true, message: 'The client imports only types (AppRouter) from the server.' }],
  ),
  restrictImports(['core/**'], [{ group: ['**/server/**', '**/src/**'], message: 'core/ holds rules both sides run: it imports neither side.' }]),
  restrictImports(['server/**'], [serverNeverImportsClient], ['server/**/*.test.ts']),
  restrictImports(
    ['server/services/**'],
    [
      serverNeverImportsClient,
      { group: ['**/trpc.ts', '**/http/**'], message: 'Services hold the rules without HTTP: they import neither trpc.ts nor http/.' },
    ],
    ['server/**/*.test.ts'],
  ),
  restrictImports(
    ['server/db/**'],
    [serverNeverImportsClient, { group: ['**/services/**'], message: 'db/ imports no service.' }],
    ['server/**/*.test.ts'],
  ),
]

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'migrations', 'src/routeTree.gen.ts', 'core/i18n/locales', '.ci', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...importRules,
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
