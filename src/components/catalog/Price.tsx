import { Trans } from '@lingui/react/macro'
import { formatEuros } from '../../../core/money.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import * as styles from './Price.css.ts'

/** A price per panel: "80,00 € / panel". */
export function PricePerPanel({ cents, size = 'md' }: { cents: number; size?: 'md' | 'lg' }) {
  const amount = formatEuros(cents, useLanguage())
  return (
    <p className={styles.price({ size })}>
      <Trans>
        <span className={styles.amount}>{amount}</span> <span className={styles.unit}>/ panel</span>
      </Trans>
    </p>
  )
}
