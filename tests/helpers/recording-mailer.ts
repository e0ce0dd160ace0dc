import type { Mailer, MailMessage } from '../../server/services/mail.ts'

/**
 * A mailer that keeps what the app sends as it was handed over (subject, text, html, attachments),
 * for tests that read emails without parsing MIME; `failing` makes it throw like a mail server
 * that is down.
 */
export function recordingMailer(): Mailer & { sent: MailMessage[]; failing: boolean } {
  const sent: MailMessage[] = []
  const mailer: Mailer & { sent: MailMessage[]; failing: boolean } = {
    transport: 'outbox',
    sent,
    failing: false,
    async send(message) {
      if (mailer.failing) throw new Error('mail server down')
      sent.push(message)
    },
    async close() {},
  }
  return mailer
}
