// What /account's links and queries are named: no rules here, so the route's first download stays light.

/**
 * What a form of /account posted without JavaScript did (server/http/account-forms.ts answers 303
 * to `/account?done=…`), said on the page beside its form. The profile's is `?saved=1`.
 */
export const accountDone = ['billing', 'billing-forgotten', 'email', 'password', 'sessions', 'verification', 'two-factor-off'] as const
export type AccountDone = (typeof accountDone)[number]
export const isAccountDone = (value: unknown): value is AccountDone => accountDone.some((done) => done === value)

/** Where /account's "Download my data" leads (server/http/account-data.ts): a plain link, so it works before and without JavaScript. */
export const accountDataPath = '/account/data.json'
