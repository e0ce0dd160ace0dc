import { msg } from '@lingui/core/macro'
import { Plural, Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { CartPageLineForms } from '../components/cart/CartPageLineForms.tsx'
import { SurchargeLabel } from '../components/cart/SurchargeLabel.tsx'
import { button } from '../components/ui/button.css.ts'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { useLanguage } from '../i18n/useLanguage.ts'
import { orderableLines, type Cart } from '../lib/cart.ts'
import { pick } from '../lib/format.ts'
import { pageHead } from '../lib/seo.ts'
import { useTRPC } from '../lib/trpc.ts'
import { formatEuros } from '../../core/money.ts'
import * as styles from './-cart.css.ts'

export const Route = createFileRoute('/cart')({
  loader: ({ context: { queryClient, trpc } }) => queryClient.ensureQueryData(trpc.cart.get.queryOptions()),
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Your cart`),
      description: match.context.i18n._(msg`The panels in your cart and what they cost.`),
      path: '/cart',
    }),
  component: CartPage,
})

/**
 * The cart as a page (docs/product.md#cart): where "Add to cart" posted without JavaScript (or
 * before the page's script ran) leads, readable without JavaScript; the drawer changes quantities.
 */
function CartPage() {
  const trpc = useTRPC()
  const { data: cart } = useSuspenseQuery(trpc.cart.get.queryOptions())
  const count = cart.count
  return (
    <>
      <PageHeader
        title={<Trans>Your cart</Trans>}
        lead={
          count === 0 && cart.items.length > 0 ? (
            <Trans>No panels to order</Trans>
          ) : (
            <Plural value={count} _0="No panels yet" one="# panel" other="# panels" />
          )
        }
      />
      <div className={styles.page}>{cart.items.length > 0 ? <CartContents cart={cart} /> : <EmptyCart />}</div>
    </>
  )
}

function EmptyCart() {
  return (
    <div className={styles.empty}>
      <p>
        <Trans>Your cart is empty.</Trans>
      </p>
      <Link to="/shop" className={button({ tone: 'primary' })}>
        <Trans>Browse panels</Trans>
      </Link>
    </div>
  )
}

function CartContents({ cart }: { cart: Cart }) {
  const language = useLanguage()
  const orderable = orderableLines(cart).length > 0
  return (
    <div className={styles.layout}>
      <ul className={styles.lines} data-testid="cart-page-lines">
        {cart.items.map((item) => {
          const name = pick(language, item.nameEs, item.nameEn)
          const unit = formatEuros(item.unitPriceCents, language)
          const quantity = item.quantity
          return (
            <li key={item.id} className={styles.line}>
              {item.available ? (
                <Link to="/product/$slug" params={{ slug: item.slug }} className={styles.name}>
                  {name}
                </Link>
              ) : (
                <span className={styles.name}>{name}</span>
              )}
              {item.available ? (
                <>
                  <strong>{formatEuros(item.lineTotalCents, language)}</strong>
                  <span className={styles.detail}>
                    <Plural value={quantity} one={`# panel × ${unit}`} other={`# panels × ${unit}`} />
                  </span>
                </>
              ) : (
                <span className={styles.detail}>
                  <Trans>No longer available</Trans>
                </span>
              )}
              <CartPageLineForms itemId={item.id} name={name} quantity={item.available ? quantity : null} />
            </li>
          )
        })}
      </ul>
      <div className={styles.summary}>
        <p className={styles.row}>
          <span>
            <Trans>Subtotal</Trans>
          </span>
          <span>{formatEuros(cart.subtotalCents, language)}</span>
        </p>
        {cart.surcharge ? (
          <p className={styles.row}>
            <span>
              <SurchargeLabel rateBasisPoints={cart.surcharge.rateBasisPoints} />
            </span>
            <span>{formatEuros(cart.surcharge.cents, language)}</span>
          </p>
        ) : null}
        <p className={styles.total}>
          <span>
            <Trans>Total (VAT included)</Trans>
          </span>
          <strong data-testid="cart-page-total">{formatEuros(cart.totalCents, language)}</strong>
        </p>
        <p className={styles.note}>
          <Trans>Delivery is priced at checkout, for your address.</Trans>
        </p>
      </div>
      <div className={styles.actions}>
        {orderable ? (
          <Link to="/checkout" className={button({ tone: 'accent', size: 'lg' })}>
            <Trans>Checkout</Trans>
          </Link>
        ) : (
          <p>
            <Trans>The panels in your cart are no longer sold, so there is nothing to order.</Trans>
          </p>
        )}
        <Link to="/shop" className={button({ tone: 'outline' })}>
          <Trans>Browse panels</Trans>
        </Link>
      </div>
    </div>
  )
}
