/**
 * A form posted before or without JavaScript that the server refused (docs/product.md#forms): its
 * page is rendered again with what was typed and why, in the page's language. It travels with that
 * one answer's HTML, never in a URL, and the form it names starts from it once.
 */
export interface PostedForm {
  /** Which form on the page it belongs to. */
  form:
    | 'contact'
    | 'catalog'
    | 'signin'
    | 'signin-code'
    | 'signup'
    | 'reset'
    | 'checkout'
    | 'profile'
    | 'billing'
    | 'email'
    | 'password'
    | 'sessions'
    | 'delete-account'
    | 'b2b-request'
    | 'resend-verification'
    | 'two-factor'
    | 'two-factor-setup'
    | 'two-factor-codes'
    | 'forgot'
    | 'withdrawal'
  /** What was typed, field by field (never the honeypot). */
  values: Record<string, string>
  /** Each refused field's message, already in the page's language. */
  errors: Partial<Record<string, string>>
  /** A refusal that is no one field's (too many messages in a short time, a failure of ours). */
  message: string | null
}
