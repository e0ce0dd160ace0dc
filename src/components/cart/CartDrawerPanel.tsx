import * as Dialog from '@radix-ui/react-dialog'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type RefObject } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { orderableLines, useCart, useCartActions, type Cart } from '../../lib/cart.ts'
import { formatEuros } from '../../../core/money.ts'
import { PriceChangeNotice } from './UnitPrice.tsx'
import { OrderLimitNotice } from './OrderLimitNotice.tsx'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { setCartDrawerOpen } from './drawer-state.ts'
import { CartLine } from './CartLine.tsx'
import { SurchargeLabel } from './SurchargeLabel.tsx'
import { DeliveryEstimate } from './DeliveryEstimate.tsx'
import { button } from '../ui/button.css.ts'
import { SheetPanel } from '../ui/SheetPanel.tsx'
import * as styles from './CartDrawer.css.ts'

/**
 * The cart drawer (docs/product.md#cart), opened by the nav's cart button (CartDrawer.tsx) or the
 * "View cart" action of the "Added to cart" toast; closing it gives focus back to the cart button.
 */
export function CartDrawerPanel({ open, trigger }: { open: boolean; trigger: RefObject<HTMLElement | null> }) {
  const { t } = useLingui()
  const { data: cart } = useCart()
  const count = cart?.count ?? 0
  // What a change made in the drawer did is said inside it, not in a toast over its buttons.
  const [notice, setNotice] = useState<Notice | null>(null)
  const onOpenChange = (next: boolean) => {
    setCartDrawerOpen(next)
    if (!next) setNotice(null)
  }
  const close = () => onOpenChange(false)
  return (
    <SheetPanel open={open} onOpenChange={onOpenChange} trigger={trigger} title={<Trans>Your cart</Trans>} closeLabel={t`Close cart`}>
      <Dialog.Description className={styles.description}>
        {/* The count leaves out products no longer sold: a cart of only those has nothing to order. */}
        {count === 0 && cart && cart.items.length > 0 ? (
          <Trans>No panels to order</Trans>
        ) : (
          <Plural value={count} _0="No panels yet" one="# panel" other="# panels" />
        )}
      </Dialog.Description>
      <p className={notice?.tone === 'error' ? styles.noticeError : styles.notice} role="status" data-testid="cart-notice">
        {notice?.message}
      </p>
      {cart && cart.items.length > 0 ? <CartContents cart={cart} close={close} setNotice={setNotice} /> : <EmptyCart close={close} />}
    </SheetPanel>
  )
}

function EmptyCart({ close }: { close: () => void }) {
  return (
    <div className={styles.empty}>
      <p>
        <Trans>Your cart is empty.</Trans>
      </p>
      <Link to="/shop" className={button({ tone: 'primary' })} onClick={close}>
        <Trans>Browse panels</Trans>
      </Link>
    </div>
  )
}

interface Notice {
  message: string
  tone: 'success' | 'error'
}

function CartContents({ cart, close, setNotice }: { cart: Cart; close: () => void; setNotice: (notice: Notice | null) => void }) {
  const language = useLanguage()
  const actions = useCartActions({ notify: (message, tone) => setNotice({ message, tone }) })
  const busy = actions.setQuantity.isPending || actions.remove.isPending || actions.clear.isPending
  const orderable = orderableLines(cart)
  const subtotal = formatEuros(cart.subtotalCents, language)
  // The server's total is what the order costs: the subtotal, the delivery estimated for the
  // remembered postal code and, for a buyer under it, the recargo de equivalencia (on the delivery too).
  const estimate = cart.delivery.estimate
  const total = formatEuros(estimate?.totalCents ?? cart.totalCents, language)
  const setQuantity = (itemId: string, quantity: number) => {
    setNotice(null)
    // Errors are reported by the mutation's own handler; the line only waits for the answer.
    return actions.setQuantity.mutateAsync({ itemId, quantity }).catch(() => undefined)
  }
  return (
    <>
      <PriceChangeNotice cart={cart} />
      <ul className={styles.items}>
        {cart.items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            busy={busy}
            onNavigate={close}
            onQuantity={(quantity) => setQuantity(item.id, quantity)}
            onRemove={() => {
              setNotice(null)
              actions.remove.mutate({ itemId: item.id })
            }}
          />
        ))}
      </ul>
      <div className={styles.summary}>
        <p className={styles.row}>
          <span>
            <Trans>Subtotal</Trans>
          </span>
          <span data-testid="cart-subtotal">{subtotal}</span>
        </p>
        <DeliveryEstimate
          cart={cart}
          remember={(postalCode) => {
            setNotice(null)
            return actions.setPostalCode.mutateAsync({ postalCode })
          }}
        />
        {cart.surcharge ? (
          <p className={styles.row} data-testid="cart-surcharge">
            <span>
              <SurchargeLabel rateBasisPoints={cart.surcharge.rateBasisPoints} />
            </span>
            <span>{formatEuros(estimate?.surchargeCents ?? cart.surcharge.cents, language)}</span>
          </p>
        ) : null}
        <p className={styles.total}>
          <span>
            <Trans>Total (VAT included)</Trans>
          </span>
          <strong data-testid="cart-total">{total}</strong>
        </p>
        <OrderLimitNotice totalCents={estimate?.totalCents ?? cart.totalCents} />
        {orderable.length > 0 ? (
          <Link to="/checkout" className={button({ tone: 'accent', size: 'lg' })} onClick={close}>
            <Trans>Checkout</Trans>
          </Link>
        ) : (
          <div className={styles.nothingToOrder}>
            <p>
              <Trans>The panels in your cart are no longer sold, so there is nothing to order.</Trans>
            </p>
            <Link to="/shop" className={button({ tone: 'primary' })} onClick={close}>
              <Trans>Browse panels</Trans>
            </Link>
          </div>
        )}
        {/* Emptying the cart sits apart from Checkout and asks first. */}
        <div className={styles.clearRow}>
          <ConfirmDialog
            triggerClassName={styles.clear}
            triggerDisabled={busy}
            trigger={<Trans>Clear cart</Trans>}
            title={<Trans>Empty your cart?</Trans>}
            description={<Trans>Every panel in it will be taken out. This cannot be undone.</Trans>}
            cancelLabel={<Trans>Keep my cart</Trans>}
            confirmLabel={<Trans>Yes, empty the cart</Trans>}
            onConfirm={() => {
              setNotice(null)
              actions.clear.mutate()
            }}
          />
        </div>
      </div>
    </>
  )
}
