import { createMailer } from '../../server/services/mail.ts'
import { createTestApp } from './app.ts'
import { sharedFixture } from './shared-fixture.ts'
import { silentLog } from './silent-log.ts'
import { startSmtpSink } from './smtp-sink.ts'

/**
 * The app for one test file with its mail going to a real SMTP server on 127.0.0.1. Registers the
 * hooks; read `.app` and `.smtp` inside tests.
 */
export function smtpTestApp() {
  const started = sharedFixture(
    'the SMTP test app',
    async () => {
      const smtp = await startSmtpSink()
      try {
        const app = await createTestApp({
          mailer: createMailer({ smtpUrl: smtp.url, from: 'Tienda <tienda@example.com>', outboxDir: '/nonexistent', log: silentLog }),
        })
        return { app, smtp }
      } catch (error) {
        await smtp.close()
        throw error
      }
    },
    async ({ app, smtp }) => {
      await app.app.close()
      await smtp.close()
    },
  )
  return {
    get app() {
      return started().app
    },
    get smtp() {
      return started().smtp
    },
  }
}
