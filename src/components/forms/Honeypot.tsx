import { useLingui } from '@lingui/react/macro'
import { honeypot } from './Honeypot.css.ts'

/**
 * A field people never see nor reach with the keyboard; bots that fill every field fill it, and the
 * server drops what they send (docs/product.md#forms).
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui()
  return (
    <div className={honeypot} aria-hidden="true">
      <label>
        {t`Leave this field empty`}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
      </label>
    </div>
  )
}
