import { Trans } from '@lingui/react/macro'
import { stackedPageBody } from '../../../styles/primitives.css.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { DeliverySettings } from './DeliverySettings.tsx'

/** /admin/delivery (docs/product.md#delivery): the methods the checkout offers and what each costs. */
export function DeliveryPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Delivery</Trans>}
        lead={
          <Trans>
            Showroom pickup, and home delivery by zone with its prices for retail and wholesale customers. The next order uses what you save.
          </Trans>
        }
      />
      <div className={stackedPageBody}>
        <DeliverySettings />
      </div>
    </>
  )
}
