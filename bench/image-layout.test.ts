import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { runtimeCopies } from './image-layout.ts'

// The bench lays the shop out as the Dockerfile's runtime stage does: a COPY it could not follow
// would measure something other than the image.
describe('the image layout the bench runs', () => {
  it('follows every COPY of the runtime stage: the bundled node_modules and the build from the build stage, the sources as they are', () => {
    const copies = runtimeCopies(readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8'))
    expect(copies).toContainEqual({ fromBuild: true, sources: ['/app/runtime/node_modules'], destination: './node_modules' })
    expect(copies).toContainEqual({ fromBuild: true, sources: ['/app/dist'], destination: './dist' })
    expect(copies.filter((copy) => !copy.fromBuild).flatMap((copy) => copy.sources)).toEqual(
      expect.arrayContaining(['package.json', 'server', 'core', 'migrations']),
    )
  })

  it('refuses a Dockerfile without a runtime stage, or a COPY with options it does not know', () => {
    expect(() => runtimeCopies('FROM node:24 AS build\nCOPY . .\n')).toThrow('runtime')
    expect(() => runtimeCopies('FROM node AS runtime\nCOPY --chown=node:node server ./server\n')).toThrow('cannot follow')
  })
})
