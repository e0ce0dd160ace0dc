import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useScriptRunning } from '../../lib/script-running.ts'
import { visuallyHidden } from '../../styles/utilities.css.ts'
import * as styles from './OrderNumber.css.ts'

/**
 * An order number shown whole (monospaced, never broken inside: docs/product.md#orders) with a button that
 * copies it; the button says "Copied" for a moment, which screen readers hear. The button needs the
 * page's script: until it runs (or without it) its place is kept but it is not shown, and a tap on
 * the number selects it whole, to copy by hand.
 */
export function OrderNumber({ value, testId }: { value: string; testId?: string }) {
  const { t } = useLingui()
  const [copied, setCopied] = useState(false)
  const scriptRunning = useScriptRunning()
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2500)
    return () => clearTimeout(timer)
  }, [copied])
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      // No clipboard (an insecure page, a refused permission): select the number so it can be copied by hand.
      const node = document.querySelector(`[data-order-number="${value}"]`)
      if (node) window.getSelection()?.selectAllChildren(node)
    }
  }
  return (
    <span className={styles.wrap}>
      <span className={styles.number} data-order-number={value} data-testid={testId} translate="no">
        {value}
      </span>
      <button
        type="button"
        className={scriptRunning ? styles.copy : `${styles.copy} ${styles.copyWaiting}`}
        disabled={!scriptRunning}
        onClick={() => void copy()}
        aria-label={copied ? t`Copied` : t`Copy order number ${value}`}
      >
        <span aria-hidden="true">{copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}</span>
      </button>
      <span role="status" className={visuallyHidden}>
        {copied ? t`Order number copied` : ''}
      </span>
    </span>
  )
}
