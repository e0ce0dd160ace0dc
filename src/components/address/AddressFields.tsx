import { useLingui } from '@lingui/react/macro'
import type { I18n } from '@lingui/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { SelectField } from '../ui/SelectField.tsx'
import { TextField } from '../ui/TextField.tsx'
import * as formStyles from '../ui/form.css.ts'
import { keepTypedCheck, keepTypedValue } from '../ui/typed-early.ts'
import { shippingAutoComplete, useCountryOptions, useShippingLabels } from '../../lib/shipping-fields.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { addressFieldOrder, type AddressFieldName } from '../../../core/address.ts'
import { messages } from '../../../core/messages.ts'
import { postalCodePattern, provinceOf } from '../../../core/provinces.ts'
import { shippingLimits } from '../../../core/shipping.ts'
import { townMatches } from '../../../core/town-names.ts'
import * as styles from './AddressFields.css.ts'

export { addressFieldOrder, type AddressFieldName }

/** What each field gets from its form (TanStack Form's field, through `addressFieldProps`). */
export interface AddressFieldProps {
  value: string
  error?: string | undefined
  /** The first field to fix in a form the server refused (lib/posted-form.ts): it gets the keyboard. */
  autoFocus?: boolean
  onChange: (value: string) => void
  onBlur: () => void
}

/** Draws one address field with what its form gives it: the form wraps `render` in its own `<form.Field>`. */
export type AddressFieldSlot = (name: AddressFieldName, render: (props: AddressFieldProps) => ReactNode) => ReactNode

interface FieldApi {
  state: { value: string; meta: { errors: readonly unknown[] } }
  handleChange(value: string): void
  handleBlur(): void
}

/** Wires a TanStack Form field to one of the address fields. */
export function addressFieldProps(field: FieldApi): AddressFieldProps {
  return {
    value: field.state.value,
    onChange: field.handleChange,
    onBlur: field.handleBlur,
    error: field.state.meta.errors.find((e): e is string => typeof e === 'string'),
  }
}

type PostcodeInfo = RouterOutputs['address']['postcode']

const completeCode = (postalCode: string) => (postalCodePattern.test(postalCode.trim()) ? postalCode.trim() : null)

/** What the server's list says of a complete postal code (asked once per code; never the list itself). */
function usePostcode(postalCode: string) {
  const trpc = useTRPC()
  const code = completeCode(postalCode)
  return useQuery({ ...trpc.address.postcode.queryOptions({ postalCode: code ?? '' }), enabled: code !== null, staleTime: Infinity })
}

/** The list's objection to a postal code and town, in the reader's language: beside the postal code, or beside the town. */
function postcodeErrors(info: PostcodeInfo | undefined, city: string, i18n: I18n): Partial<Record<'postal_code' | 'city', string>> {
  if (!info) return {}
  const values = { postalCode: info.postalCode, city: city.trim(), towns: info.towns.join(', ') }
  const say = (message: { id: string; message: string }) => i18n._(message.id, values, { message: message.message })
  if (!info.known) return { postal_code: say(messages.postalCodeNotListed) }
  if (city.trim() !== '' && !townMatches(city, info.names)) return { city: say(messages.townNotOfPostalCode) }
  return {}
}

/**
 * For a form's submit rules: the postal code and town checked against Spain's list, as the server
 * will check them (server/services/postcodes.ts), unless the shopper confirmed them. Uses what the
 * page already asked; a code not yet answered is left to the server.
 */
export function usePostcodeCheck() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { i18n } = useLingui()
  return (address: { postal_code: string; city: string }, confirmed: boolean) => {
    const code = completeCode(address.postal_code)
    if (confirmed || code === null) return {}
    return postcodeErrors(queryClient.getQueryData(trpc.address.postcode.queryKey({ postalCode: code })), address.city, i18n)
  }
}

const wideFields: ReadonlySet<AddressFieldName> = new Set(['address_line1', 'address_line2'])

/**
 * The address form of checkout and of the account's default address (docs/product.md#delivery):
 * the postal code fills the province (its first two digits) and offers its town from Spain's list,
 * asked of the server; a code the list lacks, or a town it does not give the code, is named, and the
 * shopper may confirm them ("The postal code and town are right") so a gap in the data never blocks
 * a real address. Each form holds the values and checks them with core/shipping.ts.
 */
export function AddressFields(props: {
  field: AddressFieldSlot
  /** The postal code and town as typed. */
  postalCode: string
  city: string
  /** Sets a field the postal code fills: the province, and the town while it is empty. */
  fill: (name: 'city' | 'state', value: string) => void
  confirmed: boolean
  onConfirmedChange: (confirmed: boolean) => void
  /** Checkout asks for every line but the second; the account's address may be left blank. */
  required: boolean
  /**
   * A notice kept under the postal code (checkout: the zones it does not serve), announced as it
   * changes; while `active`, the field is marked by it instead of its error.
   */
  postalCodeNotice?: { id: string; active: boolean; content: ReactNode }
}) {
  const { field, postalCode, city, fill, confirmed, onConfirmedChange, required, postalCodeNotice } = props
  const { t, i18n } = useLingui()
  const labels = useShippingLabels()
  const countryOptions = useCountryOptions()
  const id = useId()
  const { data: info } = usePostcode(postalCode)
  // The town is judged once the shopper has left its field, not at each letter typed.
  const [typingCity, setTypingCity] = useState(false)
  const current = info && info.postalCode === completeCode(postalCode) ? info : undefined

  // The town offered from the postal code: written in while the town is empty, once per code
  // answered (a town cleared afterwards stays empty for the shopper to type). Never while the
  // shopper is in the town's field: a value set under the caret would run into what they type.
  const [inCity, setInCity] = useState(false)
  const offered = useRef<string | null>(null)
  useEffect(() => {
    if (!current?.known || offered.current === current.postalCode || inCity) return
    offered.current = current.postalCode
    if (current.towns[0] && city.trim() === '') fill('city', current.towns[0])
  }, [current, city, fill, inCity])

  const problem = typingCity ? {} : postcodeErrors(current, city, i18n)
  const objection = problem.postal_code ?? problem.city
  const code = current?.postalCode ?? ''
  const towns = current?.towns.join(', ') ?? ''
  // The list's towns for the code, named under the town's field.
  const townsHint = current?.known ? t`Postal code ${code}: ${towns}` : undefined

  const text = (
    name: Exclude<AddressFieldName, 'country'>,
    extra: { hint?: string; list?: string; readOnly?: boolean; inputMode?: 'numeric' } = {},
  ) =>
    field(name, (api) => {
      const notice = name === 'postal_code' ? postalCodeNotice : undefined
      const change = (value: string, typing = true) => {
        api.onChange(value)
        if (name === 'postal_code') fill('state', provinceOf(value) ?? '')
        if (name === 'city') setTypingCity(typing)
        // A new postal code or town is checked afresh.
        if ((name === 'postal_code' || name === 'city') && confirmed) onConfirmedChange(false)
      }
      return (
        <div className={wideFields.has(name) ? styles.wide : undefined}>
          <TextField
            label={labels[name]}
            name={name}
            autoComplete={shippingAutoComplete[name]}
            required={required && name !== 'address_line2' && name !== 'state'}
            maxLength={shippingLimits[name].max}
            {...extra}
            // What was typed before the page's script ran counts, its province and town included.
            ref={keepTypedValue(api.value, (value) => change(value, false))}
            value={api.value}
            error={notice?.active ? undefined : api.error}
            autoFocus={api.autoFocus}
            {...(notice?.active ? { 'aria-invalid': true, 'aria-describedby': notice.id } : {})}
            {...(name === 'city' ? { onFocus: () => setInCity(true) } : {})}
            onBlur={() => {
              api.onBlur()
              if (name === 'city') {
                setTypingCity(false)
                setInCity(false)
              }
            }}
            onChange={(event) => change(event.target.value)}
          />
          {notice?.content}
        </div>
      )
    })

  return (
    <div className={styles.fields}>
      {text('address_line1')}
      {text('address_line2')}
      {text('postal_code', { inputMode: 'numeric' })}
      {text('city', { list: `${id}-towns`, ...(townsHint ? { hint: townsHint } : {}) })}
      <datalist id={`${id}-towns`}>
        {current?.towns.map((town) => (
          <option key={town} value={town} />
        ))}
      </datalist>
      {text('state', { readOnly: true, hint: t`Filled in from the postal code` })}
      {field('country', (api) => (
        // A box of its own, as the text fields have: the grid row stretches it, not the select.
        <div>
          <SelectField
            label={labels.country}
            name="country"
            autoComplete={shippingAutoComplete.country}
            required={required}
            options={countryOptions}
            value={api.value}
            error={api.error}
            onBlur={api.onBlur}
            onChange={api.onChange}
          />
        </div>
      ))}
      <AddressConfirm objection={objection} confirmed={confirmed} onConfirmedChange={onConfirmedChange} />
    </div>
  )
}

/**
 * The list's objection to a postal code and town as they are typed (the code asked of the server
 * once complete), in the reader's language; undefined while there is none or no answer yet. For
 * forms that draw their own address fields (the admin's phone order and order details).
 */
export function usePostcodeObjection(postalCode: string, city: string): string | undefined {
  const { i18n } = useLingui()
  const { data: info } = usePostcode(postalCode)
  const current = info && info.postalCode === completeCode(postalCode) ? info : undefined
  const problem = postcodeErrors(current, city, i18n)
  return problem.postal_code ?? problem.city
}

/**
 * "The postal code and town are right": offered while the list objects to them (the objection read
 * under it), or once ticked, so a real address the open data lacks is never blocked; the server
 * takes the tick as `addressConfirmed` (server/services/postcodes.ts).
 */
export function AddressConfirm(props: { objection: string | undefined; confirmed: boolean; onConfirmedChange: (confirmed: boolean) => void }) {
  const { objection, confirmed, onConfirmedChange } = props
  const { i18n } = useLingui()
  const id = useId()
  if (!objection && !confirmed) return null
  return (
    <div className={`${formStyles.checkbox} ${styles.wide}`}>
      <input
        type="checkbox"
        id={`${id}-confirm`}
        name="address_confirmed"
        ref={keepTypedCheck(confirmed, onConfirmedChange)}
        checked={confirmed}
        onChange={(event) => onConfirmedChange(event.target.checked)}
        aria-describedby={objection ? `${id}-objection` : undefined}
      />
      <label htmlFor={`${id}-confirm`} className={formStyles.checkboxLabel}>
        {i18n._(messages.addressConfirm)}
      </label>
      {objection ? (
        <p id={`${id}-objection`} className={formStyles.checkboxHint} role="status">
          {objection}
        </p>
      ) : null}
    </div>
  )
}
