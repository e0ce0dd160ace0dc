import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { maxQuantity, minQuantity, readTypedQuantity } from '../../../core/quantity.ts'
import * as styles from './CartDrawer.css.ts'

interface Props {
  name: string
  /** The quantity the server holds: what the field shows until the shopper types. */
  quantity: number
  busy: boolean
  /** Asks the server for a new quantity; settles once the server has answered (or refused). */
  onChange: (quantity: number) => Promise<unknown>
}

/**
 * A cart line's quantity: stepped with − and +, or typed (20 panels in one go) and committed on
 * Enter or when the field is left. A value outside the limits is explained beside the field and
 * changes nothing.
 */
export function LineQuantity({ name, quantity, busy, onChange }: Props) {
  const { t } = useLingui()
  const messageId = useId()
  // What the shopper is typing; null while the field shows the server's quantity.
  const [draft, setDraft] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  function commit() {
    if (draft === null) return
    const typed = readTypedQuantity(draft)
    if (!typed.ok) {
      setDraft(null)
      setProblem(
        typed.reason === 'tooMany'
          ? t`You can order at most ${maxQuantity} panels of each product.`
          : typed.reason === 'empty'
            ? null
            : t`Type a whole number of panels from ${minQuantity} to ${maxQuantity}. To take the panel out, use Remove.`,
      )
      return
    }
    setProblem(null)
    if (typed.quantity === quantity) {
      setDraft(null)
      return
    }
    // The typed number stays in the field until the server answers: then the field shows what the
    // server holds (the new quantity, or the old one if it refused).
    void onChange(typed.quantity).finally(() => setDraft(null))
  }

  function step(next: number) {
    setDraft(null)
    setProblem(null)
    void onChange(next)
  }

  return (
    <div className={styles.quantityField}>
      <div className={styles.stepper} role="group" aria-label={t`Quantity of ${name}`}>
        <button
          type="button"
          className={styles.step}
          aria-label={t`One panel less of ${name}`}
          disabled={busy || quantity <= minQuantity}
          onClick={() => step(quantity - 1)}
        >
          −
        </button>
        <input
          className={styles.quantity}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          aria-label={t`Panels of ${name}`}
          aria-invalid={problem === null ? undefined : true}
          aria-describedby={problem === null ? undefined : messageId}
          value={draft ?? String(quantity)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              commit()
            }
          }}
        />
        <button
          type="button"
          className={styles.step}
          aria-label={t`One panel more of ${name}`}
          disabled={busy || quantity >= maxQuantity}
          onClick={() => step(quantity + 1)}
        >
          +
        </button>
      </div>
      {problem === null ? null : (
        <p id={messageId} className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
