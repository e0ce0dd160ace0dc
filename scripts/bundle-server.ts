import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { rolldown } from 'rolldown'
import { parseAst } from 'rolldown/parseAst'

// The runtime node_modules of the Docker image (docs/decisions/025: at most 60 MB above the Node
// base). `npm ci --omit=dev` installs whole packages and, as peer dependencies of runtime ones, the
// dev tools too (vite, vitest, typescript…). Instead, this follows the imports of what the image
// runs (server/main.ts, the operator commands, the SSR bundle) and writes node_modules with:
// - the packages those files import, bundled and minified by Rolldown into one module per import
//   path, each exporting what Node's own import of it exports (checked at the end);
// - as installed, the packages a bundle cannot carry: native code (sharp and libvips), PGlite's
//   WebAssembly and data files, pdfkit's fonts and colour profile (the files it loads by path).
// The server's own .ts files stay as they are: the image runs them with Node's type stripping.
//
//   node scripts/bundle-server.ts <out>   →   <out>/node_modules

const root = resolve(import.meta.dirname, '..')
const modules = join(root, 'node_modules')
// The server, every operator command (`docker exec … node server/cli/admin.ts`) and the SSR bundle.
const commands = readdirSync(join(root, 'server/cli')).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
const entries = ['server/main.ts', ...commands.map((file) => `server/cli/${file}`), 'dist/server/entry-server.js']

type Keep = (file: string) => boolean
const notTypesOrMaps: Keep = (file) => !/\.(map|d\.[cm]?ts|md)$/.test(file)
/** Packages copied as installed (only the files kept), with the packages they depend on. */
const installed: Record<string, Keep> = {
  sharp: (file) => notTypesOrMaps(file) && !/^(src|install)\//.test(file),
  // With the two extensions the search loads (server/db/pglite.ts): their modules and their files.
  '@electric-sql/pglite': (file) =>
    notTypesOrMaps(file) &&
    /^(package\.json|dist\/[^/]+\.(js|wasm|data)|dist\/fs\/.*\.js|dist\/contrib\/(unaccent|pg_trgm)\.js|dist\/(unaccent|pg_trgm)\.tar\.gz)$/.test(
      file,
    ),
  // The Node build only; what it imports from other packages is bundled like the shop's imports.
  pdfkit: (file) => /^(package\.json|js\/pdfkit\.node\.mjs|js\/standard-fonts\/.*\.cjs|js\/data\/.*)$/.test(file),
}
/** Of those, the ones whose dependencies are bundled rather than copied. */
const dependenciesBundled = new Set(['pdfkit'])

const out = resolve(process.argv[2] ?? 'build/runtime', 'node_modules')
const work = join(modules, '.bundle-server')
rmSync(out, { recursive: true, force: true })
rmSync(work, { recursive: true, force: true })

/** Splits `@scope/name/sub/path` into the package name and the subpath (`.` for none). */
function splitSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/')
  const size = specifier.startsWith('@') ? 2 : 1
  const rest = parts.slice(size).join('/')
  return { name: parts.slice(0, size).join('/'), subpath: rest ? `./${rest}` : '.' }
}

/** The folder Node finds a package in when `from` imports it (nested node_modules first). */
function packageDir(name: string, from: string): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dir === dirname(dir)) throw new Error(`${name}, imported by ${relative(root, from)}, is not installed`)
  }
}

type Node = { type?: string; [key: string]: unknown }
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null

/** Every module specifier a file loads: static and literal dynamic imports, re-exports, require(). */
function specifiers(file: string): string[] {
  const ast: unknown = parseAst(readFileSync(file, 'utf8'), { lang: /\.tsx?$/.test(file) ? 'ts' : 'js' }, file)
  const found: string[] = []
  const literal = (node: unknown) => {
    if (isNode(node) && node.type === 'Literal' && typeof node.value === 'string') found.push(node.value)
  }
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (!isNode(node)) return
    switch (node.type) {
      case 'ImportDeclaration': {
        const specs = Array.isArray(node.specifiers) ? node.specifiers.filter(isNode) : []
        const typeOnly = node.importKind === 'type' || (specs.length > 0 && specs.every((s) => s.importKind === 'type'))
        if (!typeOnly) literal(node.source)
        return
      }
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        if (node.exportKind !== 'type') literal(node.source)
        break
      case 'ImportExpression':
        literal(node.source)
        break
      case 'CallExpression':
        if (isNode(node.callee) && node.callee.type === 'Identifier' && node.callee.name === 'require' && Array.isArray(node.arguments))
          literal(node.arguments[0])
        break
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'type') visit(value)
  }
  visit(ast)
  return found
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => statSync(join(dir, file)).isFile())
}

// --- follow the imports ------------------------------------------------------------------------
/** A bare import to bundle: who imports it (resolution starts there) and what. */
type Bare = { from: string; specifier: string }
const bare = new Map<string, Bare>()
const copiedPackages = new Set<string>()
const seen = new Set<string>()
const queue = entries.map((file) => join(root, file))
const scriptLike = /\.([cm]?[jt]sx?)$/

function copyPackage(dir: string, keep: Keep, withDependencies: boolean) {
  if (copiedPackages.has(dir)) return
  copiedPackages.add(dir)
  const files = filesUnder(dir).filter((file) => !file.split(sep).includes('node_modules') && keep(file))
  for (const file of files) {
    cpSync(join(dir, file), join(out, relative(modules, dir), file))
    if (scriptLike.test(file) && !withDependencies) queue.push(join(dir, file))
  }
  if (!withDependencies) return
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>
  const optional = Object.keys(manifest.optionalDependencies ?? {})
  for (const name of [...Object.keys(manifest.dependencies ?? {}), ...optional]) {
    // Optional dependencies for other platforms (sharp's prebuilt binaries) are not installed.
    const found = (() => {
      try {
        return packageDir(name, join(dir, 'package.json'))
      } catch (error) {
        if (optional.includes(name)) return null
        throw error
      }
    })()
    if (found) copyPackage(found, notTypesOrMaps, true)
  }
}

for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
  if (seen.has(file)) continue
  seen.add(file)
  for (const specifier of specifiers(file)) {
    if (isBuiltin(specifier) || specifier.startsWith('#')) continue
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const target = resolve(dirname(file), specifier)
      if (scriptLike.test(target) && !target.startsWith(modules + sep)) queue.push(target)
      continue
    }
    const { name } = splitSpecifier(specifier)
    const dir = packageDir(name, file)
    const keep = installed[name]
    if (keep) copyPackage(dir, keep, !dependenciesBundled.has(name))
    else bare.set(`${relative(modules, dir)}\0${specifier}`, { from: file, specifier })
  }
}
/** Packages copied as installed: a bundle imports them rather than carrying them. */
const copiedNames = new Set([...copiedPackages].map((dir) => splitSpecifier(relative(modules, dir).split(sep).join('/')).name))
for (const [key, { specifier }] of bare) if (copiedNames.has(splitSpecifier(specifier).name)) bare.delete(key)

// --- one bundle entry per import path, exporting what Node's import of it exports --------------
type Entry = { key: string; packagePath: string; subpath: string; file: string; exportNames: string[] }
const bundleEntries: Entry[] = []
let n = 0
for (const [key, { from, specifier }] of bare) {
  const packagePath = key.split('\0')[0] ?? ''
  const { subpath } = splitSpecifier(specifier)
  // Written beside the importer's package so that Rolldown and Node resolve the specifier alike.
  const nearest = from.startsWith(modules + sep) ? packageDir(splitSpecifier(relative(modules, from).split(sep).join('/')).name, from) : root
  const dir = join(nearest === root ? modules : nearest, '.bundle-server')
  mkdirSync(dir, { recursive: true })
  const probe = join(dir, `probe-${n}.mjs`)
  writeFileSync(probe, `export * as ns from ${JSON.stringify(specifier)}\n`)
  const { ns } = (await import(pathToFileURL(probe).href)) as { ns: Record<string, unknown> }
  const exportNames = Object.keys(ns).filter((name) => name !== 'module.exports')
  const file = join(dir, `entry-${n++}.mjs`)
  const names = exportNames.map((name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)))
  writeFileSync(
    file,
    names.length > 0 ? `export { ${names.join(', ')} } from ${JSON.stringify(specifier)}\n` : `import ${JSON.stringify(specifier)}\n`,
  )
  const base = subpath === '.' ? 'index' : subpath.slice(2)
  bundleEntries.push({ key: `${packagePath.split(sep).join('/')}/${base}`, packagePath, subpath, file, exportNames })
}

const bundle = await rolldown({
  input: Object.fromEntries(bundleEntries.map((entry) => [entry.key, entry.file])),
  platform: 'node',
  preserveEntrySignatures: 'strict',
  external: (id) => isBuiltin(id) || [...copiedNames].some((name) => id === name || id.startsWith(`${name}/`)),
  // The image runs in production; React and others pick their production builds from this.
  transform: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
  onLog: (level, log, handler) => {
    // "use client" in React libraries means nothing on the server.
    if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log)
  },
})
await bundle.write({
  dir: out,
  format: 'esm',
  entryFileNames: '[name].mjs',
  chunkFileNames: '.vendor/[name]-[hash].mjs',
  // Names kept: some libraries read a class's or function's name (errors, plugin registries).
  minify: { compress: true, mangle: { keepNames: true }, codegen: { removeWhitespace: true } },
  keepNames: true,
})
await bundle.close()

// --- package.json files that point each import path at its bundle -------------------------------
const packages = new Map<string, Entry[]>()
for (const entry of bundleEntries) packages.set(entry.packagePath, [...(packages.get(entry.packagePath) ?? []), entry])
for (const [packagePath, list] of packages) {
  const manifest = JSON.parse(readFileSync(join(modules, packagePath, 'package.json'), 'utf8')) as { name: string; version: string }
  const exports = Object.fromEntries(list.map((entry) => [entry.subpath, `./${entry.key.slice(packagePath.length + 1)}.mjs`]))
  writeFileSync(
    join(out, packagePath, 'package.json'),
    `${JSON.stringify({ name: manifest.name, version: manifest.version, type: 'module', exports }, null, 2)}\n`,
  )
}

// --- check: each bundle exports what the installed package exports ------------------------------
const problems: string[] = []
for (const entry of bundleEntries) {
  const built = (await import(pathToFileURL(join(out, `${entry.key}.mjs`)).href)) as Record<string, unknown>
  const original = (await import(pathToFileURL(entry.file).href)) as Record<string, unknown>
  const missing = entry.exportNames.filter((name) => !(name in built))
  if (missing.length > 0) problems.push(`${entry.key}: missing ${missing.join(', ')}`)
  if (typeof built.default !== typeof original.default)
    problems.push(`${entry.key}: default is ${typeof built.default}, not ${typeof original.default}`)
}
rmSync(work, { recursive: true, force: true })
for (const dir of copiedPackages) rmSync(join(dir, '.bundle-server'), { recursive: true, force: true })
if (problems.length > 0) {
  console.error(`The bundled packages differ from the installed ones:\n${problems.join('\n')}`)
  process.exit(1)
}
console.log(`${bundleEntries.length} import paths bundled; copied as installed: ${[...copiedNames].sort().join(', ')}`)
