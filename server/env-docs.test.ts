import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { envDocs, envExample, testOnlyVariables, withEnvTable } from './env-docs.ts'
import { environmentVariables, secretVariables } from './env.ts'

// README's table of variables and .env.example come from one list next to the schema;
// a variable added to the schema without its line, or a file not regenerated, fails here.

const documented = envDocs.flatMap((doc) => doc.names)
const file = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8')

describe('the environment’s documentation', () => {
  it('documents every variable the server reads, once, and no other', () => {
    expect([...documented].sort()).toEqual([...environmentVariables, ...testOnlyVariables].sort())
    expect(new Set(documented).size).toBe(documented.length)
  })

  it('names every secret that may come from a NAME_FILE', () => {
    const readme = file('README.md')
    for (const name of secretVariables) expect(readme).toMatch(new RegExp(`Secrets \\([^)]*\`${name}\``))
  })

  it('is what README.md and .env.example hold (run npm run docs:env after changing it)', () => {
    const readme = file('README.md')
    expect(withEnvTable(readme)).toBe(readme)
    expect(file('.env.example')).toBe(envExample())
  })
})
