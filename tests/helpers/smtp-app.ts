import { afterAll, beforeAll } from 'vitest'
import { createMailer } from '../../server/services/mail.ts'
import { createTestApp, type TestApp } from './app.ts'
import { silentLog } from './silent-log.ts'
import { startSmtpSink } from './smtp-sink.ts'

/**
 * The app for one test file with its mail going to a real SMTP server on 127.0.0.1. Registers the
 * hooks; read `.app` and `.smtp` inside tests.
 */
export function smtpTestApp() {
  let app: TestApp | undefined
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined
  beforeAll(async () => {
    smtp = await startSmtpSink()
    app = await createTestApp({
      mailer: createMailer({ smtpUrl: smtp.url, from: 'Tienda <tienda@example.com>', outboxDir: '/nonexistent', log: silentLog }),
    })
  })
  afterAll(async () => {
    await app?.app.close()
    await smtp?.close()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the SMTP test app is not started yet (use it inside a test)')
    return value
  }
  return {
    get app() {
      return started(app)
    },
    get smtp() {
      return started(smtp)
    },
  }
}
