import { describe, expect, it } from 'vitest'
import { AppError } from './errors.ts'
import { checkedPhone, displayPhone } from './phones.ts'
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

describe('a stored phone number as people read it', () => {
  it('groups the digits as its country writes them, after the country code', () => {
    expect(displayPhone('+447700900123')).toBe('+44 7700 900123')
    expect(displayPhone('+34612345678')).toBe('+34 612 34 56 78')
    expect(displayPhone('+34965701234')).toBe('+34 965 70 12 34')
    expect(displayPhone('+33612345678')).toBe('+33 6 12 34 56 78')
  })

  it('shows a number it cannot read as it was stored (an old order, a free-text contact phone)', () => {
    expect(displayPhone('600 111 222 (tardes)')).toBe('600 111 222 (tardes)')
    expect(displayPhone('')).toBe('')
  })
})
