import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../../server/db/client.ts'
import { createMailer } from '../../server/services/mail.ts'
import type { CommerceServices } from '../../server/services/payments/flow.ts'
import type { PaymentProvider } from '../../server/services/payments/provider.ts'
import { createTestProvider } from '../../server/services/payments/test-provider.ts'
import { renderOrderConfirmation } from '../../src/emails/order-confirmation.tsx'
import { silentLog } from './silent-log.ts'
import { testPublicUrl } from './constants.ts'

/** Commerce services for tests: the built-in test provider and a mail outbox in a temp folder. */
export function testServices(db: Database, overrides: { payments?: PaymentProvider } = {}) {
  const outboxDir = join(mkdtempSync(join(tmpdir(), 'shop-outbox-')), 'outbox')
  const testPayments = overrides.payments ? null : createTestProvider(db, testPublicUrl)
  const services: CommerceServices = {
    payments: overrides.payments ?? testPayments ?? createTestProvider(db, testPublicUrl),
    testPayments,
    mailer: createMailer({ from: 'Tienda <tienda@example.com>', outboxDir, log: silentLog }),
    renderOrderConfirmation,
    publicUrl: testPublicUrl,
  }
  return { services, outboxDir, outbox: () => readOutbox(outboxDir) }
}

/** The messages written to an outbox folder, oldest first. */
export function readOutbox(outboxDir: string): string[] {
  let files: string[]
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort()
  } catch {
    return []
  }
  return files.map((f) => readFileSync(join(outboxDir, f), 'utf8'))
}
