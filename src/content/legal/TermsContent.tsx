import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { LegalText, useLegalFacts } from './LegalText.tsx'
import { DeliveryCost } from './DeliveryCost.tsx'

/** Terms and conditions of sale. The route renders the page title. */
export function TermsContent() {
  const { companyName, legalName, taxId, address, city, province, email, phone, mailto } = useLegalFacts()

  return (
    <LegalText>
      <p>
        <Trans>
          These terms govern purchases made through the {companyName} online shop. Please read them before placing an order: by placing an order you
          accept them in the version published at that time. They are available in Spanish and English, and you can save or print them at any time.
        </Trans>
      </p>

      <section>
        <h2>
          <Trans>1. Seller</Trans>
        </h2>
        <p>
          <Trans>
            The seller is {legalName}, tax ID (NIF) {taxId}, with its registered address at {address}, Spain. You can contact us by email at{' '}
            <a href={mailto}>{email}</a> or by phone on {phone}.
          </Trans>
        </p>
        <p>
          <Trans>
            These terms comply with Spanish Law 34/2002 on Information Society Services and Electronic Commerce (LSSI) and the Spanish consumer
            protection law (Royal Legislative Decree 1/2007, TRLGDCU).
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>2. Products</Trans>
        </h2>
        <p>
          <Trans>
            We sell decorative PVC composite panels for interior walls and ceilings with marble, wood and stone looks. The standard panel measures 122
            × 300 cm and is 3 mm thick; custom lengths can be made on request. Each product page shows its main features and dimensions.
          </Trans>
        </p>
        <p>
          <Trans>
            Photos are as faithful as possible, but colours and textures may look slightly different on your screen, and natural-look patterns may
            vary slightly between production batches. To get an even finish, order all the panels for one room at the same time. If you want to see a
            finish before buying, visit our showroom or contact us.
          </Trans>
        </p>
        <p>
          <Trans>
            Panels are designed for indoor use only. Outdoor installation or use that goes against our installation and care instructions is not
            covered by the guarantee.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>3. Prices</Trans>
        </h2>
        <p>
          <Trans>
            All prices are shown in euros (€) per panel. Prices for consumers include Spanish VAT (IVA). The total shown on the checkout page before
            you pay, including any delivery costs, is the final amount you will be charged.
          </Trans>
        </p>
        <p>
          <Trans>
            We may change our prices at any time, but the price that applies to your order is the one shown when you placed it. If a price is
            obviously wrong because of a technical or typing error, we will contact you before shipping and you may cancel the order with a full
            refund.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>4. How to place an order</Trans>
        </h2>
        <ol>
          <li>
            <Trans>Add the panels you want to your cart and choose the quantity.</Trans>
          </li>
          <li>
            <Trans>Go to the checkout and enter your name, email address, phone number and delivery address.</Trans>
          </li>
          <li>
            <Trans>Review the order summary. Until you pay, you can go back to correct any data or change the contents of your cart.</Trans>
          </li>
          <li>
            <Trans>Pay by card on our payment processor’s secure page.</Trans>
          </li>
        </ol>
        <p>
          <Trans>
            The contract is formed when the payment is confirmed. We will then send you an order confirmation email with your order number and a
            summary of your purchase. We keep an electronic record of every order; if you have an account, you can view your orders there at any time.
          </Trans>
        </p>
        <p>
          <Trans>
            If a product becomes unavailable after you have ordered it, we will tell you as soon as possible and refund the amount paid for it without
            delay.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>5. Payment</Trans>
        </h2>
        <p>
          <Trans>
            Payment is made by credit or debit card through Stripe, a certified payment processor. Card details are entered directly on Stripe’s
            secure page and never reach our servers. The amount is charged when you confirm the payment, and orders are processed only once the
            payment has been verified.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>6. Delivery</Trans>
        </h2>
        <p>
          <DeliveryCost />{' '}
          <Trans>
            For the Canary Islands, Ceuta and Melilla, which have other taxes (IGIC, IPSI), or other countries, please contact us for a quote before
            ordering.
          </Trans>
        </p>
        <p>
          <Trans>
            Orders of stock panels are usually delivered within the working days said above. Custom lengths and large orders may take longer; we will
            tell you the expected date when confirming your order. In any case, unless we agree otherwise, we will deliver within a maximum of 30
            days. If we cannot meet that deadline, you may cancel the order and receive a full refund.
          </Trans>
        </p>
        <p>
          <Trans>
            Orders are delivered by a transport company, as a parcel or on a pallet depending on their size, to street level at the address you give
            us. Because the panels are 3 metres long, please make sure that there is access for the delivery and that someone is available to receive
            it. The carrier may contact you by phone to arrange the delivery.
          </Trans>
        </p>
        <p>
          <Trans>
            Please check the packaging when you receive it. If it is visibly damaged, note this on the carrier’s delivery note (or refuse the
            delivery) and tell us within 48 hours, with photos if possible. This helps us to claim against the carrier and send you replacement panels
            quickly; it does not affect your legal rights if a defect appears later.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>7. Wholesale (B2B) accounts</Trans>
        </h2>
        <p>
          <Trans>
            Installers, interior designers, shops, hotels and other businesses can request a wholesale account from the{' '}
            <Link to="/b2b">B2B area</Link> after signing in, providing their company details and tax ID. We review each request and may accept or
            refuse it at our discretion. Once an account is approved, wholesale prices are shown throughout the shop and apply to new orders placed
            with that account.
          </Trans>
        </p>
        <p>
          <Trans>
            Purchases made by businesses for their professional activity are governed by Spanish commercial law. The consumer right of withdrawal does
            not apply to them, and visible defects must be reported within 4 days of delivery and hidden defects within 30 days, as provided in
            Articles 336 and 342 of the Spanish Commercial Code.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>8. Right of withdrawal</Trans>
        </h2>
        <p>
          <Trans>
            Consumers have 14 calendar days from delivery to withdraw from their purchase without giving any reason, except for cut-to-measure or
            custom-length panels. Our <Link to="/returns">returns policy</Link> explains how to withdraw and how refunds work.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>9. Guarantee</Trans>
        </h2>
        <p>
          <Trans>
            As a consumer, you are covered by the legal guarantee of conformity: we are liable for any lack of conformity that exists when the
            products are delivered and becomes apparent within three years of delivery, under Articles 114 and following of the TRLGDCU. If a defect
            appears within the first two years, it is presumed to have existed at delivery.
          </Trans>
        </p>
        <p>
          <Trans>
            If a product is not in conformity, you can choose to have it repaired or replaced free of charge, including transport costs. If that is
            not possible or reasonable, you may ask for a price reduction or terminate the contract and get your money back. To make a claim, write to{' '}
            <a href={mailto}>{email}</a> with your order number, a description of the problem and photos.
          </Trans>
        </p>
        <p>
          <Trans>
            The guarantee does not cover damage caused by incorrect installation, outdoor use, exposure to direct heat sources, accidents, unsuitable
            cleaning products or normal wear and tear.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>10. Liability</Trans>
        </h2>
        <p>
          <Trans>
            We are liable for the products we sell in accordance with the law. We are not responsible for damage resulting from installation that does
            not follow our instructions or good building practice, or for delays caused by events beyond our reasonable control, such as strikes,
            extreme weather or carrier disruptions.
          </Trans>
        </p>
        <p>
          <Trans>
            For business customers, our liability is limited to the price of the products concerned and does not include indirect losses such as loss
            of profit or installation costs, except in cases of wilful misconduct or gross negligence. Nothing in these terms limits the rights that
            the law grants to consumers.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>11. Applicable law and disputes</Trans>
        </h2>
        <p>
          <Trans>
            These terms are governed by Spanish law. If you are a consumer, you may bring any claim before the courts of your place of residence. For
            business customers, the parties submit to the courts of {city} ({province}).
          </Trans>
        </p>
        <p>
          <Trans>
            If you have a complaint, please write to us first at <a href={mailto}>{email}</a>; we will reply as soon as possible and within one month
            at the latest. Official complaint forms (hojas de reclamaciones) are also available on request. Consumers can also turn to the Spanish
            Consumer Arbitration System (Sistema Arbitral de Consumo) or to their local consumer information office (OMIC).
          </Trans>
        </p>
        <p>
          <Trans>
            The European Commission’s Online Dispute Resolution (ODR) platform, which was previously used for online purchases in the EU, was closed
            on 20 July 2025 under Regulation (EU) 2024/3228. Consumers living in another EU country can get free help from the European Consumer
            Centre in their country.
          </Trans>
        </p>
      </section>
    </LegalText>
  )
}
