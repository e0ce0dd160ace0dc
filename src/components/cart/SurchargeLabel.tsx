import { useLingui } from '@lingui/react/macro'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { surchargeLabel } from '../../../core/equivalence-surcharge.ts'
import { formatRate } from '../../../core/money.ts'

/**
 * The name of the recargo de equivalencia's line in the cart and the order summary, with its rate
 * in the reader's language, as the payment page, the invoice and the emails name it:
 * "Recargo de equivalencia (5,2 %)". English keeps the legal Spanish name.
 */
export function SurchargeLabel({ rateBasisPoints }: { rateBasisPoints: number }) {
  const { i18n } = useLingui()
  return i18n._(surchargeLabel.id, { rate: formatRate(rateBasisPoints, useLanguage()) }, { message: surchargeLabel.message })
}
