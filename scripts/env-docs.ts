import { readFileSync, writeFileSync } from 'node:fs'
import { envExample, withEnvTable } from '../server/env-docs.ts'

// `npm run docs:env`: README's table of variables and .env.example, from server/env-docs.ts.
const root = new URL('..', import.meta.url)
const readme = new URL('README.md', root)
writeFileSync(readme, withEnvTable(readFileSync(readme, 'utf8')))
writeFileSync(new URL('.env.example', root), envExample())
console.log('README.md (table of variables) and .env.example written from server/env-docs.ts')
