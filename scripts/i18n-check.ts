import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatter } from '@lingui/format-po'
import { messageSources } from '../lingui.config.ts'

// `npm run i18n:check`: fails when the catalogs are out of date with the code, when any message
// lacks its Spanish or English text, or when the compiled catalogs (core/i18n/locales/*.ts, which
// the server imports) differ from the .po files. Extraction and compilation run in a temporary
// copy, so the working tree is never touched.
const root = fileURLToPath(new URL('..', import.meta.url))
const locales = ['es', 'en'] as const
const catalogDir = join(root, 'core/i18n/locales')
const committedPath = (locale: string) => join(catalogDir, `${locale}.po`)
const po = formatter({ lineNumbers: false })

async function readCatalog(file: string, locale: string) {
  const catalog = await po.parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'en', filename: file })
  return Object.entries(catalog).filter(([, entry]) => !entry.obsolete)
}

const tmp = mkdtempSync(join(tmpdir(), 'i18n-check-'))
const problems: string[] = []
try {
  for (const locale of locales) copyFileSync(committedPath(locale), join(tmp, `${locale}.po`))
  const config = join(tmp, 'lingui.config.mjs')
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      rootDir: root,
      sourceLocale: 'en',
      locales: [...locales],
      fallbackLocales: { default: 'en' },
      catalogs: [{ path: join(tmp, '{locale}'), ...messageSources }],
    })}`,
  )
  // The compiled catalogs are what the committed .po files compile to.
  const compile = spawnSync(join(root, 'node_modules/.bin/lingui'), ['compile', '--typescript', '--config', config], { cwd: root, encoding: 'utf8' })
  if (compile.status !== 0) {
    console.error(compile.stdout, compile.stderr)
    throw new Error('lingui compile failed')
  }
  for (const locale of locales) {
    const compiled = (dir: string) => readFileSync(join(dir, `${locale}.ts`), 'utf8')
    let current = ''
    try {
      current = compiled(catalogDir)
    } catch {
      // missing: reported below
    }
    if (current !== compiled(tmp)) problems.push(`${locale}: core/i18n/locales/${locale}.ts is not compiled from ${locale}.po`)
  }
  // Extraction from the code, to compare what it uses with the committed catalogs.
  const extract = spawnSync(join(root, 'node_modules/.bin/lingui'), ['extract', '--clean', '--config', config], { cwd: root, encoding: 'utf8' })
  if (extract.status !== 0) {
    console.error(extract.stdout, extract.stderr)
    throw new Error('lingui extract failed')
  }
  for (const locale of locales) {
    const committed = new Map(await readCatalog(committedPath(locale), locale))
    const fresh = await readCatalog(join(tmp, `${locale}.po`), locale)
    const freshIds = new Set(fresh.map(([id]) => id))
    for (const [id, entry] of fresh) {
      if (!committed.has(id)) problems.push(`${locale}: not extracted yet: ${JSON.stringify(entry.message ?? id)}`)
    }
    for (const [id, entry] of committed) {
      if (!freshIds.has(id)) problems.push(`${locale}: no longer used in the code: ${JSON.stringify(entry.message ?? id)}`)
      else if (!entry.translation?.trim()) problems.push(`${locale}: missing translation: ${JSON.stringify(entry.message ?? id)}`)
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true })
}

if (problems.length > 0) {
  console.error(problems.slice(0, 40).join('\n'))
  if (problems.length > 40) console.error(`… and ${problems.length - 40} more`)
  console.error(`\ni18n check failed: ${problems.length} problem(s). Run \`npm run i18n:extract\` and translate every message in es.po and en.po.`)
  process.exit(1)
}
console.log('i18n check passed: es and en catalogs are complete and up to date')
