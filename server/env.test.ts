import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, loadEnv } from './env.ts'

const tempDir = () => mkdtempSync(join(tmpdir(), 'shop-env-'))

describe('loadEnv', () => {
  it('applies the defaults a new user needs', () => {
    const dir = tempDir()
    const env = loadEnv({ DATA_DIR: dir })
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', NODE_ENV: 'development', DATA_DIR: dir, PUBLIC_URL: 'http://localhost:3000' })
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('generates the development auth secret once and keeps it in DATA_DIR', () => {
    const dir = tempDir()
    const first = loadEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(loadEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET).toBe(first)
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(first)
  })

  it('follows PORT into the default public URL', () => {
    expect(loadEnv({ PORT: '4123', DATA_DIR: tempDir() }).PUBLIC_URL).toBe('http://localhost:4123')
  })

  it('requires BETTER_AUTH_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/BETTER_AUTH_SECRET: required in production/)
  })

  it('allows the built-in test payments in production only with ALLOW_TEST_PAYMENTS, naming both ways out', () => {
    const production = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tempDir() }
    expect(() => loadEnv(production)).toThrow(/STRIPE_SECRET_KEY: required in production.*ALLOW_TEST_PAYMENTS=1/)
    expect(loadEnv({ ...production, ALLOW_TEST_PAYMENTS: '1' }).testPayments).toBe(true)
    expect(loadEnv({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', ALLOW_TEST_PAYMENTS: '1' }).testPayments).toBe(
      false,
    )
    expect(loadEnv({ DATA_DIR: tempDir() }).testPayments).toBe(true)
  })

  it('trusts no proxy by default; takes a hop count or a list of addresses and ranges', () => {
    expect(loadEnv({ DATA_DIR: tempDir() }).TRUST_PROXY).toBe(false)
    expect(loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '192.168.0.0/16', '::1'])
    expect(() => loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: a hop count or a comma-separated list/)
    expect(() => loadEnv({ DATA_DIR: tempDir(), TRUST_PROXY: '10.0.0.1/40' })).toThrow(/TRUST_PROXY/)
  })

  it('lists every invalid variable in one clear message', () => {
    let message = ''
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' })
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError)
      message = (error as Error).message
    }
    expect(message).toMatch(/^Invalid environment:/)
    expect(message).toMatch(/PORT/)
    expect(message).toMatch(/DATABASE_URL/)
    expect(message).toMatch(/NODE_ENV/)
  })
})
