import type { I18n } from '@lingui/core'
import type { DeepKeys } from '@tanstack/react-form'
import { centsToEuroInput, eurosToCents } from '../../../../core/catalog-admin.ts'
import { deliverySettingsSchema } from '../../../../core/delivery-settings.ts'
import {
  deliveryZones,
  type DeliveryRateTable,
  type DeliverySettings,
  type DeliveryZone,
  type DeliveryZoneSettings,
} from '../../../../core/delivery.ts'
import { issueValues } from '../../../../core/form-issues.ts'
import { translateMessage } from '../../../../core/i18n/translate-message.ts'
import type { Language } from '../../../../core/language.ts'
import { messages } from '../../../../core/messages.ts'
import { decimalSeparator } from '../products/product-fields.ts'

// The delivery settings as the owner types them (admin.delivery): amounts in euros and numbers as
// text, in the admin's notation; sent as core/delivery.ts's settings (integer cents, null for the
// open band and for "never free"), checked by the schema the server uses.

/** The two rate tables of each zone: retail customers and approved wholesale customers. */
export const rateKinds = ['retail', 'wholesale'] as const
export type RateKind = (typeof rateKinds)[number]

/** A band as typed: its panels (the last band has none: it covers any larger order) and its price in euros. */
export interface BandValues {
  upToPanels: string
  price: string
}
export interface RateTableValues {
  bands: BandValues[]
  /** Empty: delivery is never free. */
  freeFrom: string
}
export interface ZoneValues {
  minDays: string
  maxDays: string
  retail: RateTableValues
  wholesale: RateTableValues
}
export interface DeliveryFormValues {
  pickup: { enabled: boolean; readyInDays: string }
  home: Record<DeliveryZone, ZoneValues>
}

/** A field of the form, by its path: `home.peninsula.retail.bands[1].price`. */
export type DeliveryField = DeepKeys<DeliveryFormValues>

export const tableField = (zone: DeliveryZone, kind: RateKind) => `home.${zone}.${kind}` as const
export const bandsField = (zone: DeliveryZone, kind: RateKind) => `${tableField(zone, kind)}.bands` as const
export const bandField = (zone: DeliveryZone, kind: RateKind, index: number, part: keyof BandValues) =>
  `${bandsField(zone, kind)}[${index}].${part}` as const

/** Saved settings as the form shows them: amounts in the admin's decimal notation. */
export function deliveryFormValues(settings: DeliverySettings, language: Language): DeliveryFormValues {
  const separator = decimalSeparator(language)
  const euros = (cents: number) => centsToEuroInput(cents, separator)
  const table = (rates: DeliveryRateTable): RateTableValues => ({
    bands: rates.bands.map((band) => ({ upToPanels: band.upToPanels === null ? '' : String(band.upToPanels), price: euros(band.priceCents) })),
    freeFrom: rates.freeFromCents === null ? '' : euros(rates.freeFromCents),
  })
  const zone = (rates: DeliveryZoneSettings): ZoneValues => ({
    minDays: String(rates.minDays),
    maxDays: String(rates.maxDays),
    retail: table(rates.retail),
    wholesale: table(rates.wholesale),
  })
  return {
    pickup: { enabled: settings.pickup.enabled, readyInDays: String(settings.pickup.readyInDays) },
    home: { peninsula: zone(settings.home.peninsula), balearics: zone(settings.home.balearics) },
  }
}

/** A new band, before the open one: its panels and price to be typed. */
export const emptyBand: BandValues = { upToPanels: '', price: '' }

/**
 * The settings the form's values say, and the fields whose text is no number (with the message id
 * their rule gives): such a field is sent as NaN, which the schema refuses.
 */
function readValues(values: DeliveryFormValues): { settings: DeliverySettings; unreadable: Map<string, string> } {
  const unreadable = new Map<string, string>()
  const wholeNumber = (field: string, typed: string, message: string) => {
    const text = typed.trim()
    if (/^\d{1,6}$/.test(text)) return Number(text)
    unreadable.set(field, message)
    return Number.NaN
  }
  const amount = (field: string, typed: string) => eurosToCents(typed) ?? (unreadable.set(field, messages.deliveryAmountInvalid.id), Number.NaN)
  const days = (field: string, typed: string) => wholeNumber(field, typed, messages.deliveryDaysInvalid.id)
  const table = (zone: DeliveryZone, kind: RateKind): DeliveryRateTable => {
    const rates = values.home[zone][kind]
    const last = rates.bands.length - 1
    return {
      bands: rates.bands.map((band, i) => ({
        upToPanels: i === last ? null : wholeNumber(bandField(zone, kind, i, 'upToPanels'), band.upToPanels, messages.deliveryBandsInvalid.id),
        priceCents: amount(bandField(zone, kind, i, 'price'), band.price),
      })),
      freeFromCents: rates.freeFrom.trim() === '' ? null : amount(`${tableField(zone, kind)}.freeFrom`, rates.freeFrom),
    }
  }
  const zone = (name: DeliveryZone): DeliveryZoneSettings => ({
    minDays: days(`home.${name}.minDays`, values.home[name].minDays),
    maxDays: days(`home.${name}.maxDays`, values.home[name].maxDays),
    retail: table(name, 'retail'),
    wholesale: table(name, 'wholesale'),
  })
  const settings: DeliverySettings = {
    pickup: { enabled: values.pickup.enabled, readyInDays: days('pickup.readyInDays', values.pickup.readyInDays) },
    home: { peninsula: zone('peninsula'), balearics: zone('balearics') },
  }
  return { settings, unreadable }
}

/** What admin.delivery.update is sent: the values as settings (already checked by `deliveryFieldMessages`). */
export function deliverySettingsOf(values: DeliveryFormValues): DeliverySettings {
  return readValues(values).settings
}

// The schema's names for the amounts the form holds as euros.
const formNames: Record<string, string> = { priceCents: 'price', freeFromCents: 'freeFrom' }

/**
 * The form's field of a zod issue's path, the server's (under `settings`) or the form's own:
 * `settings.home.peninsula.retail.bands.1.priceCents` → `home.peninsula.retail.bands[1].price`. A
 * rule on a whole table's bands (their order) names the bands.
 */
export function fieldOfIssuePath(path: readonly PropertyKey[]): string {
  const steps = path.map(String)
  if (steps[0] === 'settings') steps.shift()
  return steps.reduce((name, step) => {
    if (/^\d+$/.test(step)) return `${name}[${step}]`
    const formName = formNames[step] ?? step
    return name === '' ? formName : `${name}.${formName}`
  }, '')
}

export const isDeliveryField = (key: unknown): key is DeliveryField => typeof key === 'string' && key !== ''

/**
 * The first message of each field whose rule fails, in the admin's language: a text that is no
 * number or amount, then the schema's rules (the same ones the server applies). Undefined when the
 * values can be saved.
 */
export function deliveryFieldMessages(values: DeliveryFormValues, i18n: I18n): { fields: Partial<Record<DeliveryField, string>> } | undefined {
  const { settings, unreadable } = readValues(values)
  const result = deliverySettingsSchema.safeParse(settings)
  if (result.success && unreadable.size === 0) return undefined
  const fields: Partial<Record<string, string>> = {}
  for (const [field, message] of unreadable) fields[field] = translateMessage(i18n, message)
  for (const issue of result.error?.issues ?? []) {
    const field = fieldOfIssuePath(issue.path)
    // A field that is no number has said so already; its NaN's issues (and a table's order, which
    // cannot be judged without it) add nothing.
    if (unreadable.has(field) || [...unreadable.keys()].some((name) => name.startsWith(`${field}[`))) continue
    fields[field] ??= translateMessage(i18n, issue.message, issueValues(issue))
  }
  return { fields: fields as Partial<Record<DeliveryField, string>> }
}

/** The form's fields in the order it shows them: the first one to fix gets the focus. */
export function deliveryFieldOrder(values: DeliveryFormValues): string[] {
  const order = ['pickup.readyInDays']
  for (const zone of deliveryZones) {
    order.push(`home.${zone}.minDays`, `home.${zone}.maxDays`)
    for (const kind of rateKinds) {
      const bands = values.home[zone][kind].bands
      bands.forEach((_, i) => {
        if (i < bands.length - 1) order.push(bandField(zone, kind, i, 'upToPanels'))
        order.push(bandField(zone, kind, i, 'price'))
      })
      order.push(bandsField(zone, kind), `${tableField(zone, kind)}.freeFrom`)
    }
  }
  return order
}
