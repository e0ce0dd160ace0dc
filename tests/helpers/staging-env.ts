import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'

/** The committed staging settings (deploy/staging.env) that production-mode test runs start with. */
export function stagingEnv(): Record<string, string> {
  const parsed = parseEnv(readFileSync(new URL('../../deploy/staging.env', import.meta.url), 'utf8'))
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => entry[1] !== undefined))
}

/** Only the staging shop's COMPANY_* facts and its VERIFACTU mode: what a production-mode test app needs to start. */
export function stagingCompanyEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(stagingEnv()).filter(([key]) => key.startsWith('COMPANY_') || key === 'VERIFACTU'))
}
