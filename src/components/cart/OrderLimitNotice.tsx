import { useLingui } from '@lingui/react/macro'
import { translateMessage } from '../../../core/i18n/translate-message.ts'
import { messages } from '../../../core/messages.ts'
import { isPayableTotal, orderTooLargeValues } from '../../../core/totals.ts'
import * as styles from './OrderLimitNotice.css.ts'

/** Said beside a total no single payment can take, before checkout refuses it with the same words. */
export function OrderLimitNotice({ totalCents }: { totalCents: number }) {
  const { i18n } = useLingui()
  if (isPayableTotal(totalCents)) return null
  return (
    <p className={styles.notice} role="alert" data-testid="order-limit">
      {translateMessage(i18n, messages.orderTooLarge.id, orderTooLargeValues)}
    </p>
  )
}
