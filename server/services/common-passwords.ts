import { dictionary } from '@zxcvbn-ts/language-common'

// Issue 18, ASVS 2.1.7: passwords from a list of common and breached ones are refused. The list
// (zxcvbn-ts's 49,233 most common passwords) works offline and stays on the server: in the page it
// would cost more than the whole first view.
let common: Set<string> | undefined

/** Whether a password is on the common list (any letter case) or one character repeated. */
export function isWeakPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()))
  return common.has(password.toLowerCase()) || new Set(password).size === 1
}
