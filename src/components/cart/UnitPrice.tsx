import { Trans } from '@lingui/react/macro'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatEuros } from '../../../core/money.ts'
import { orderableLines, type Cart } from '../../lib/cart.ts'
import { visuallyHidden } from '../../styles/utilities.css.ts'
import * as styles from './UnitPrice.css.ts'

type Line = Pick<Cart['items'][number], 'unitPriceCents' | 'previousUnitPriceCents'>

/** A cart line's unit price; when it changed since the shopper last saw it, the old one struck. */
export function UnitPrice({ line }: { line: Line }) {
  const language = useLanguage()
  const now = formatEuros(line.unitPriceCents, language)
  if (line.previousUnitPriceCents === null) return <>{now}</>
  const before = formatEuros(line.previousUnitPriceCents, language)
  return (
    <>
      <s className={styles.before}>
        <span className={visuallyHidden}>
          <Trans>Before:</Trans>{' '}
        </span>
        {before}
      </s>
      <span className={styles.now}>
        <span className={visuallyHidden}>
          <Trans>Now:</Trans>{' '}
        </span>
        {now}
      </span>
    </>
  )
}

/** Said once, where the cart is shown, when the server re-priced a line to be ordered since the last look. */
export function PriceChangeNotice({ cart }: { cart: Cart }) {
  if (!orderableLines(cart).some((item) => item.previousUnitPriceCents !== null)) return null
  return (
    <p className={styles.notice} role="status">
      <Trans>Some prices have changed since you last saw them. The new price is the one you pay.</Trans>
    </p>
  )
}
