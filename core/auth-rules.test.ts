import { describe, expect, it } from 'vitest'
import { i18nFor } from './i18n/catalogs.ts'
import { fieldMessages, fieldOf } from './form-issues.ts'
import { signInSchema, signUpSchema } from './auth-rules.ts'

// The sign-in and sign-up rules of /auth, with the messages the form shows beside each field.
const es = i18nFor('es')
const en = i18nFor('en')
const valid = { fullName: 'Lucía Pérez', email: 'lucia@example.com', password: 'a-long-password', confirmPassword: 'a-long-password' }

describe('sign-up rules', () => {
  it('passes a complete form', () => {
    expect(fieldMessages(signUpSchema, valid, es, fieldOf(valid))).toBeUndefined()
  })

  it('marks every empty field as required', () => {
    const empty = { fullName: ' ', email: '', password: '', confirmPassword: '' }
    expect(fieldMessages(signUpSchema, empty, es, fieldOf(empty))?.fields).toEqual({
      fullName: 'Obligatorio',
      email: 'Obligatorio',
      password: 'Obligatorio',
      confirmPassword: 'Obligatorio',
    })
  })

  it('counts the password in characters and names the minimum', () => {
    // Seven characters that are eleven UTF-16 units: still too short.
    const short = { ...valid, password: '🙂🙂🙂🙂abc', confirmPassword: '🙂🙂🙂🙂abc' }
    expect(fieldMessages(signUpSchema, short, en, fieldOf(short))?.fields).toEqual({ password: 'The password must be at least 8 characters' })
    expect(fieldMessages(signUpSchema, short, es, fieldOf(short))?.fields).toEqual({ password: 'La contraseña debe tener al menos 8 caracteres' })
  })

  it('says the passwords do not match beside the confirmation', () => {
    const mismatch = { ...valid, confirmPassword: 'another-password' }
    expect(fieldMessages(signUpSchema, mismatch, es, fieldOf(mismatch))?.fields).toEqual({ confirmPassword: 'Las contraseñas no coinciden' })
  })

  it('refuses an invalid email', () => {
    const bad = { ...valid, email: 'lucia@' }
    expect(fieldMessages(signUpSchema, bad, en, fieldOf(bad))?.fields).toEqual({ email: 'Invalid email address' })
  })
})

describe('sign-in rules', () => {
  it('needs both fields', () => {
    const empty = { email: '', password: '' }
    expect(fieldMessages(signInSchema, empty, en, fieldOf(empty))?.fields).toEqual({ email: 'Required', password: 'Required' })
    const filled = { email: 'a@b.es', password: 'x' }
    expect(fieldMessages(signInSchema, filled, en, fieldOf(filled))).toBeUndefined()
  })
})
