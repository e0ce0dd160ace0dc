import * as Dialog from '@radix-ui/react-dialog'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { useCart, useCartActions, type Cart } from '../../lib/cart.ts'
import { pick } from '../../lib/format.ts'
import { formatEuros } from '../../../core/money.ts'
import { PriceChangeNotice, UnitPrice } from './UnitPrice.tsx'
import { maxQuantity, minQuantity } from '../../../core/quantity.ts'
import { button } from '../ui/button.css.ts'
import { CloseIcon } from '../ui/CloseIcon.tsx'
import * as sheet from '../ui/sheet.css.ts'
import * as styles from './CartDrawer.css.ts'

/** The nav's cart button (with the number of panels) and the drawer it opens (docs/product.md#cart). */
export function CartDrawer() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const { data: cart } = useCart()
  const count = cart?.count ?? 0
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={sheet.iconButton}>
        <span className={styles.hidden}>
          <Plural value={count} one="Cart, # panel" other="Cart, # panels" />
        </span>
        <svg
          width="24"
          height="24"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 7h12l-1.2 12.2a1 1 0 0 1-1 .8H8.2a1 1 0 0 1-1-.8L6 7z" />
          <path d="M9 7V6a3 3 0 0 1 6 0v1" />
        </svg>
        {count > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-testid="cart-count">
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={sheet.overlay} />
        <Dialog.Content className={sheet.panel}>
          <div className={sheet.header}>
            <Dialog.Title className={sheet.title}>
              <Trans>Your cart</Trans>
            </Dialog.Title>
            <Dialog.Close className={sheet.iconButton} aria-label={t`Close cart`}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.description}>
            <Plural value={count} _0="No panels yet" one="# panel" other="# panels" />
          </Dialog.Description>
          {cart && cart.items.length > 0 ? <CartContents cart={cart} close={() => setOpen(false)} /> : <EmptyCart close={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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

function CartContents({ cart, close }: { cart: Cart; close: () => void }) {
  const { t } = useLingui()
  const language = useLanguage()
  const actions = useCartActions()
  const busy = actions.setQuantity.isPending || actions.remove.isPending || actions.clear.isPending
  const subtotal = formatEuros(cart.subtotalCents, language)
  return (
    <>
      <PriceChangeNotice cart={cart} />
      <ul className={styles.items}>
        {cart.items.map((item) => {
          const name = pick(language, item.nameEs, item.nameEn)
          return (
            <li key={item.id} className={styles.item}>
              <div className={styles.itemHead}>
                <Link to="/product/$slug" params={{ slug: item.slug }} className={styles.itemName} onClick={close}>
                  {name}
                </Link>
                <p className={styles.unit}>
                  <Trans>
                    <UnitPrice line={item} /> / panel
                  </Trans>
                </p>
              </div>
              <div className={styles.itemControls}>
                <div className={styles.stepper} role="group" aria-label={t`Quantity of ${name}`}>
                  <button
                    type="button"
                    className={styles.step}
                    aria-label={t`One panel less of ${name}`}
                    disabled={busy || item.quantity <= minQuantity}
                    onClick={() => actions.setQuantity.mutate({ itemId: item.id, quantity: item.quantity - 1 })}
                  >
                    −
                  </button>
                  <span className={styles.quantity} aria-live="polite">
                    {item.quantity}
                  </span>
                  <button
                    type="button"
                    className={styles.step}
                    aria-label={t`One panel more of ${name}`}
                    disabled={busy || item.quantity >= maxQuantity}
                    onClick={() => actions.setQuantity.mutate({ itemId: item.id, quantity: item.quantity + 1 })}
                  >
                    +
                  </button>
                </div>
                <p className={styles.lineTotal}>{formatEuros(item.lineTotalCents, language)}</p>
                <button type="button" className={styles.remove} disabled={busy} onClick={() => actions.remove.mutate({ itemId: item.id })}>
                  <Trans>Remove</Trans>
                  <span className={styles.hidden}> {name}</span>
                </button>
              </div>
            </li>
          )
        })}
      </ul>
      <div className={styles.summary}>
        <p className={styles.subtotal}>
          <span>
            <Trans>Subtotal</Trans>
          </span>
          <strong data-testid="cart-subtotal">{subtotal}</strong>
        </p>
        <Link to="/checkout" className={button({ tone: 'accent', size: 'lg' })} onClick={close}>
          <Trans>Checkout</Trans>
        </Link>
        <button type="button" className={button({ tone: 'ghost' })} disabled={busy} onClick={() => actions.clear.mutate()}>
          <Trans>Clear Cart</Trans>
        </button>
      </div>
    </>
  )
}
