import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { maxQuantity, minQuantity, parseQuantity } from '../../../core/quantity.ts'
import { keepTypedValue } from '../ui/typed-early.ts'
import { useScriptRunning } from '../../lib/script-running.ts'
import * as styles from './QuantityInput.css.ts'

interface Props {
  /** The field's name in the form it is posted with (the product page's, without JavaScript). */
  name?: string
  /** What the shopper typed; the quantity it means is `parseQuantity(value)`. */
  value: string
  onChange: (value: string) => void
}

/**
 * Number of panels, min 1, step 1; non-numeric input falls back to 1 when the field is left, and a
 * number above the limit becomes the limit, saying so.
 */
export function QuantityInput({ name, value, onChange }: Props) {
  const id = useId()
  const limitId = useId()
  const { t } = useLingui()
  const quantity = parseQuantity(value)
  // Shown from the moment a number above the limit is typed until the quantity changes again.
  const [overLimit, setOverLimit] = useState(false)
  // − and + need the page's script: before it runs (or without it) they are drawn disabled, and the field is typed.
  const scriptRunning = useScriptRunning()
  const change = (next: string) => {
    setOverLimit(Number.parseInt(next, 10) > maxQuantity)
    onChange(next)
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        <Trans>Quantity (panels)</Trans>
      </label>
      <div className={styles.control}>
        <button
          type="button"
          className={styles.step}
          aria-label={t`Decrease quantity`}
          disabled={!scriptRunning || quantity <= minQuantity}
          onClick={() => change(String(Math.max(minQuantity, quantity - 1)))}
        >
          −
        </button>
        <input
          id={id}
          name={name}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={minQuantity}
          max={maxQuantity}
          step={1}
          // Typed before the page's script ran (docs/product.md#forms): that is the quantity.
          ref={keepTypedValue(value, change)}
          value={value}
          aria-describedby={overLimit ? limitId : undefined}
          onChange={(event) => change(event.target.value)}
          onBlur={() => onChange(String(parseQuantity(value)))}
        />
        <button
          type="button"
          className={styles.step}
          aria-label={t`Increase quantity`}
          disabled={!scriptRunning || quantity >= maxQuantity}
          onClick={() => change(String(Math.min(maxQuantity, quantity + 1)))}
        >
          +
        </button>
      </div>
      {overLimit ? (
        <p id={limitId} className={styles.limit} role="alert">
          <Trans>You can order at most {maxQuantity} panels of each product.</Trans>
        </p>
      ) : null}
    </div>
  )
}
