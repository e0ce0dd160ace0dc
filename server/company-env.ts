import { z } from 'zod'
import { formatPhoneDigits, phoneDigitsOf, sampleCompany, type Company } from '../core/company.ts'
import { parseTaxId } from '../core/tax-id.ts'

// The company's facts from COMPANY_* variables, read at run time: one image serves any deployment.
// Each variable defaults to its development sample (core/company.ts); production refuses to start
// while any sample is left (companySampleProblems).

const s = sampleCompany
const text = (sample: string, max = 200) => z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(max).default(sample))

/** Digits of a phone number with its country code; a 9-digit Spanish number gets +34. */
const phone = (sample: string) =>
  text(sample, 40).transform((value, ctx) => {
    const digits = phoneDigitsOf(value)
    const e164 = digits.length === 9 ? `34${digits}` : digits
    if (!/^[0-9+\s().-]+$/.test(value) || e164.length < 11 || e164.length > 15) {
      ctx.addIssue({ code: 'custom', message: `a phone number with its country code, e.g. +34 965 70 12 34 (not ${value})` })
      return z.NEVER
    }
    return { display: digits.length === 9 ? formatPhoneDigits(e164) : value, digits: e164 }
  })

const coordinate = (sample: number, limit: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? sample : v), z.coerce.number().min(-limit).max(limit))

export const companyEnvShape = {
  COMPANY_NAME: text(s.name),
  COMPANY_LEGAL_NAME: text(s.legalName),
  COMPANY_TAX_ID: text(s.taxId, 20).transform((value, ctx) => {
    const parsed = parseTaxId(value)
    // The seller is Spanish: a CIF/NIF without a foreign country prefix.
    if (!parsed || /^[A-Z]{2}/.test(parsed)) {
      ctx.addIssue({ code: 'custom', message: `a valid Spanish CIF or NIF, e.g. ${s.taxId} (not ${value})` })
      return z.NEVER
    }
    return parsed
  }),
  COMPANY_EMAIL: z.preprocess((v) => (v === '' ? undefined : v), z.email().default(s.email)),
  COMPANY_PHONE: phone(s.phone),
  COMPANY_WHATSAPP: phone(formatPhoneDigits(s.whatsappDigits)),
  COMPANY_STREET: text(s.address.street),
  COMPANY_POSTAL_CODE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{5}$/, 'a Spanish postal code of 5 digits')
      .default(s.address.postalCode),
  ),
  COMPANY_CITY: text(s.address.city),
  COMPANY_PROVINCE: text(s.address.province),
  COMPANY_HOURS_WEEKDAYS: text(s.openingHours.weekdays),
  COMPANY_HOURS_SATURDAY: text(s.openingHours.saturday),
  COMPANY_LATITUDE: coordinate(s.map.latitude, 90),
  COMPANY_LONGITUDE: coordinate(s.map.longitude, 180),
}

type CompanyEnvShape = typeof companyEnvShape
export type CompanyVariable = keyof CompanyEnvShape
export type CompanyEnv = { [K in CompanyVariable]: z.output<CompanyEnvShape[K]> }

export const companyVariables = Object.keys(companyEnvShape) as CompanyVariable[]

export function companyFromEnv(raw: CompanyEnv): Company {
  return {
    name: raw.COMPANY_NAME,
    legalName: raw.COMPANY_LEGAL_NAME,
    taxId: raw.COMPANY_TAX_ID,
    email: raw.COMPANY_EMAIL,
    phone: raw.COMPANY_PHONE.display,
    phoneDigits: raw.COMPANY_PHONE.digits,
    whatsappDigits: raw.COMPANY_WHATSAPP.digits,
    address: {
      street: raw.COMPANY_STREET,
      postalCode: raw.COMPANY_POSTAL_CODE,
      city: raw.COMPANY_CITY,
      province: raw.COMPANY_PROVINCE,
      country: 'ES',
    },
    openingHours: { weekdays: raw.COMPANY_HOURS_WEEKDAYS, saturday: raw.COMPANY_HOURS_SATURDAY },
    map: { latitude: raw.COMPANY_LATITUDE, longitude: raw.COMPANY_LONGITUDE, zoom: s.map.zoom },
  }
}

/**
 * Production's objections, one per variable: each must be set (a default is a development sample),
 * and the invented facts (names, tax id, email, phones, street) must not equal their sample. The
 * postal code, city, province, hours and map are real for a shop in Torrevieja, so they may match.
 */
export function companySampleProblems(source: Record<string, string | undefined>, company: Company): string[] {
  const invented: Partial<Record<CompanyVariable, [boolean, string]>> = {
    COMPANY_NAME: [company.name === s.name, s.name],
    COMPANY_LEGAL_NAME: [company.legalName === s.legalName, s.legalName],
    COMPANY_TAX_ID: [company.taxId === s.taxId, s.taxId],
    COMPANY_EMAIL: [company.email.toLowerCase() === s.email, s.email],
    COMPANY_PHONE: [company.phoneDigits === s.phoneDigits, s.phone],
    COMPANY_WHATSAPP: [company.whatsappDigits === s.whatsappDigits, formatPhoneDigits(s.whatsappDigits)],
    COMPANY_STREET: [company.address.street === s.address.street, s.address.street],
  }
  return companyVariables.flatMap((name) => {
    if (!source[name]?.trim()) return [`${name}: required in production (the development sample is used when it is unset)`]
    const sample = invented[name]
    return sample?.[0] ? [`${name}: still the development sample "${sample[1]}"; set the company's real value`] : []
  })
}
