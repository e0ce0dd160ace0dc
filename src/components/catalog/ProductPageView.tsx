import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PricePerPanel } from './Price.tsx'
import { ProductImage } from './ProductImage.tsx'
import { QuantityInput } from './QuantityInput.tsx'
import { PanelCalculator } from './PanelCalculator.tsx'
import { BackLink } from '../ui/BackLink.tsx'
import { button } from '../ui/button.css.ts'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber, pick } from '../../lib/format.ts'
import { imageSizes } from '../../lib/images.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { savingsPercent } from '../../lib/savings.ts'
import { useCartActions } from '../../lib/cart.ts'
import { panelsForSizes, type CalculatorSizes } from '../../lib/panel-calculator.ts'
import { formatEuros, formatRate } from '../../../core/money.ts'
import { localizedPath } from '../../../core/language-urls.ts'
import { maxQuantity, parseQuantity } from '../../../core/quantity.ts'
import { lineTotalCents } from '../../../core/totals.ts'
import { attributeChoices } from '../../../core/product-attributes.ts'
import { attributeNameLabels, attributeValueLabel } from '../../../core/product-attribute-labels.ts'
import * as styles from './ProductPageView.css.ts'

type Product = RouterOutputs['catalog']['product']

/**
 * A product's page (docs/product.md#catalog): its picture, price, delivery, buy box, description,
 * calculator and specifications. `preview`: the owner's look at a draft (or an archived product),
 * shown as a shopper would see it but with nothing to buy.
 */
export function ProductPageView({
  product,
  calculated,
  preview = false,
}: {
  product: Product
  calculated: CalculatorSizes | undefined
  preview?: boolean
}) {
  const language = useLanguage()
  const { t, i18n } = useLingui()
  // The calculator's answer, when its form was sent without JavaScript, is the quantity.
  const [quantityText, setQuantityText] = useState(() =>
    String((calculated && panelsForSizes(calculated, { panelWidthCm: product.widthCm, panelHeightCm: product.heightCm }, maxQuantity)) ?? 1),
  )
  const quantity = parseQuantity(quantityText)
  const name = pick(language, product.nameEs, product.nameEn)
  const [first, ...more] = product.photos
  // A draft's photo may still wait for its words (its preview shows it): its product's name stands in.
  const altOf = (photo: { altEs: string; altEn: string }) => pick(language, photo.altEs, photo.altEn) || name
  const categoryName = pick(language, product.category.nameEs, product.category.nameEn)
  const wholesaleCents = product.priceWholesaleCents
  // The server sends a wholesale price only to callers who pay it (server/services/pricing.ts).
  const unitCents = wholesaleCents ?? product.priceRetailCents
  const total = formatEuros(lineTotalCents({ quantity, unitPriceCents: unitCents }), language)
  const actions = useCartActions()
  const width = formatNumber(product.widthCm, language)
  const height = formatNumber(product.heightCm, language)
  const weight = product.weightKg === null ? null : formatNumber(product.weightKg, language, 2)

  return (
    <div className={styles.page}>
      <BackLink to="/category/$slug" params={{ slug: product.category.slug }}>
        <Trans>Back to {categoryName}</Trans>
      </BackLink>
      <div className={styles.layout}>
        <div className={styles.media}>
          <ProductImage
            kind="products"
            name={first?.imageKey ?? null}
            uploadedId={first?.imageId ?? null}
            alt={first ? altOf(first) : name}
            sizes={imageSizes.productPage}
            priority
          />
        </div>
        <div className={styles.info}>
          <p className={styles.category}>{categoryName}</p>
          <h1 className={styles.name}>{name}</h1>
          <div className={styles.priceBlock}>
            <PricePerPanel cents={unitCents} size="lg" />
            {wholesaleCents === undefined ? null : (
              <WholesaleSavings retailCents={product.priceRetailCents} wholesaleCents={wholesaleCents} quantity={quantity} />
            )}
            <p className={styles.vat}>
              <Trans>VAT included</Trans>
            </p>
          </div>
          <DeliveryNote leadDays={product.leadTimeDays ?? 0} />
          {preview ? (
            <p className={styles.purchase} data-testid="preview-buy-box">
              <Trans>Preview: shoppers can buy it here once it is published.</Trans>
            </p>
          ) : (
            <>
              {/* On a phone it stays at the bottom of the screen until the page reaches it (a buy bar). A
                  real form: before or without the page's script it posts to this page, whose action
                  (server/http/add-to-cart-form.ts) adds the panels and opens the cart page. */}
              <form
                className={styles.purchase}
                data-testid="buy-box"
                method="post"
                action={localizedPath(`/product/${product.slug}`, language)}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault()
                  actions.add.mutate({ productId: product.id, quantity })
                }}
              >
                <QuantityInput name="quantity" value={quantityText} onChange={setQuantityText} />
                <p className={styles.total} aria-live="polite">
                  <Trans>
                    Total: <strong>{total}</strong>
                  </Trans>
                </p>
                <button type="submit" className={`${button({ tone: 'accent', size: 'lg' })} ${styles.add}`} disabled={actions.add.isPending}>
                  {actions.add.isPending ? <Trans>Adding...</Trans> : <Trans>Add to cart</Trans>}
                </button>
                {/* Last: the buy bar lays out its first child (-product.css.ts). */}
                <input type="hidden" name="productId" value={product.id} />
              </form>
            </>
          )}
          {/* After the buy box: on a phone, the price and Add to cart are on the first screen. */}
          <p className={styles.description}>{pick(language, product.descriptionEs, product.descriptionEn)}</p>
          {preview ? null : (
            <PanelCalculator
              panelWidthCm={product.widthCm}
              panelHeightCm={product.heightCm}
              unitPriceCents={unitCents}
              onUse={(panels) => setQuantityText(String(panels))}
              action={localizedPath(`/product/${product.slug}`, language)}
              {...(calculated ? { sent: calculated } : {})}
            />
          )}
          <section className={styles.specs} aria-labelledby="specs-heading">
            <h2 id="specs-heading" className={styles.specsTitle}>
              <Trans>Specifications</Trans>
            </h2>
            <dl className={styles.specList}>
              <div>
                <dt>
                  <Trans>Dimensions</Trans>
                </dt>
                <dd>
                  <Trans>
                    {width} × {height} cm
                  </Trans>
                </dd>
              </div>
              {weight === null ? null : (
                <div>
                  <dt>
                    <Trans>Weight</Trans>
                  </dt>
                  <dd>
                    <Trans>{weight} kg</Trans>
                  </dd>
                </div>
              )}
              {attributeChoices(product).map((choice) => (
                <div key={choice.name}>
                  <dt>{i18n._(attributeNameLabels[choice.name])}</dt>
                  <dd>{i18n._(attributeValueLabel(choice.name, choice.value))}</dd>
                </div>
              ))}
              <div>
                <dt>
                  <Trans>Material</Trans>
                </dt>
                <dd>
                  <Trans>PVC composite, UV-coated finish</Trans>
                </dd>
              </div>
            </dl>
          </section>
        </div>
        {more.length > 0 ? (
          <ul className={styles.morePhotos} aria-label={t`More pictures of ${name}`}>
            {more.map((photo, index) => (
              <li key={`${photo.imageId ?? photo.imageKey ?? ''}-${index}`} className={styles.morePhoto}>
                <ProductImage
                  kind="products"
                  name={photo.imageKey}
                  uploadedId={photo.imageId}
                  alt={altOf(photo)}
                  sizes={imageSizes.productPageMore}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  )
}

/**
 * Whether it is in stock or made to order, and what delivery costs and takes, for the viewer's
 * prices (docs/product.md#delivery, #availability): "Entrega desde 25,00 € · 3–7 días laborables"
 * (a made-to-order panel's working days added), or free; and the free showroom pickup when the
 * owner offers it.
 */
function DeliveryNote({ leadDays }: { leadDays: number }) {
  const trpc = useTRPC()
  const language = useLanguage()
  const { data: delivery } = useSuspenseQuery(trpc.catalog.delivery.queryOptions())
  const from = formatEuros(delivery.fromCents, language)
  const min = delivery.minDays + leadDays
  const max = delivery.maxDays + leadDays
  return (
    <p className={styles.delivery} data-testid="product-delivery">
      <strong data-testid="product-availability">
        {leadDays === 0 ? (
          <Trans>In stock</Trans>
        ) : (
          <Plural
            value={leadDays}
            one="Made to order in # working day, counted in the delivery time"
            other="Made to order in # working days, counted in the delivery time"
          />
        )}
      </strong>
      <br />
      {delivery.free ? (
        <Trans>
          Free delivery to the Peninsula and the Balearic Islands · {min}–{max} working days
        </Trans>
      ) : delivery.fromCents === 0 ? (
        <Trans>
          Free delivery to some zones · {min}–{max} working days
        </Trans>
      ) : (
        <Trans>
          Delivery from {from} · {min}–{max} working days
        </Trans>
      )}
      {delivery.pickup ? (
        <>
          <br />
          <Trans>Or collect it free at our showroom in Torrevieja</Trans>
        </>
      ) : null}
    </p>
  )
}

/** For b2b and admin: retail struck through, savings per panel and percent, and the order's savings. */
function WholesaleSavings({ retailCents, wholesaleCents, quantity }: { retailCents: number; wholesaleCents: number; quantity: number }) {
  const language = useLanguage()
  const retail = formatEuros(retailCents, language)
  const perPanel = formatEuros(retailCents - wholesaleCents, language)
  // "53 %" / "53%": the reader's way of writing a percentage (core/money.ts).
  const percent = formatRate(savingsPercent(retailCents, wholesaleCents) * 100, language)
  const onOrder = formatEuros(lineTotalCents({ quantity, unitPriceCents: retailCents - wholesaleCents }), language)
  return (
    <>
      <p className={styles.retail}>
        <Trans>
          Retail price <del>{retail}</del>
        </Trans>
      </p>
      <p className={styles.savings}>
        <Trans>
          You save {perPanel} per panel ({percent})
        </Trans>
      </p>
      <div className={styles.savingsBox} role="note">
        <p className={styles.savingsTitle}>
          <Trans>Wholesale price applied</Trans>
        </p>
        <p>
          <Trans>
            On this order you save <strong>{onOrder}</strong>.
          </Trans>
        </p>
      </div>
    </>
  )
}
