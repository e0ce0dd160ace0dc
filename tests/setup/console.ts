import { afterEach, beforeEach, expect, vi } from 'vitest'

// A test fails when something writes to console.error it did not expect (epic-stack's habit): a
// React warning, an unhandled failure logged by a library, a forgotten debug line.
let errors: unknown[][] = []

beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore()
  expect(
    errors.map((args) => args.map(String).join(' ')),
    'unexpected console.error',
  ).toEqual([])
})
