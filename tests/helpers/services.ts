import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../../server/db/client.ts'
import { createServices } from '../../server/services/index.ts'
import { createMailer } from '../../server/services/mail.ts'
import type { PaymentProvider } from '../../server/services/payments/provider.ts'
import { testEnv } from './env.ts'
import { silentLog } from './silent-log.ts'
import { readOutbox } from './mail-links.ts'

export { readOutbox }

/** The app's services as a test app has them: the built-in test provider, an outbox, limits in memory. */
export function testServices(db: Database, overrides: { payments?: PaymentProvider } = {}) {
  const outboxDir = join(mkdtempSync(join(tmpdir(), 'shop-outbox-')), 'outbox')
  const mailer = createMailer({ from: 'Tienda <tienda@example.com>', outboxDir, log: silentLog })
  const services = createServices(testEnv(), db, silentLog, { payments: overrides.payments, mailer })
  return { services, outboxDir, outbox: () => readOutbox(outboxDir) }
}
