import { describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import { checkedPhone } from './phones.ts'
import { messages } from '../core/messages.ts'

describe("the server's check of a phone number against its country's plan", () => {
  it('keeps a number of a length its country has, in E.164', () => {
    expect(checkedPhone('+447700900123')).toBe('+447700900123')
    expect(checkedPhone('+447911123456')).toBe('+447911123456')
    expect(checkedPhone('+33612345678')).toBe('+33612345678')
    // A trunk 0 typed after the country code is not part of the number.
    expect(checkedPhone('+49015123456789')).toBe('+4915123456789')
    // Spanish numbers were checked by core/phone.ts.
    expect(checkedPhone('+34612345678')).toBe('+34612345678')
  })

  it('refuses a number too short or too long for its country, or of no country, beside the field it came from', () => {
    for (const wrong of ['+4412345', '+33123456', '+1201555012', '+999123456789']) {
      let refusal: unknown
      try {
        checkedPhone(wrong, 'shipping.phone')
      } catch (error) {
        refusal = error
      }
      expect(refusal).toBeInstanceOf(AppError)
      expect(refusal).toMatchObject({ code: 'BAD_REQUEST', userMessage: messages.phoneFormat, field: 'shipping.phone' })
    }
  })
})
