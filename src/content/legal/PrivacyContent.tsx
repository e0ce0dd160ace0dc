import { Trans } from '@lingui/react/macro'
import { LegalText, useLegalFacts } from './LegalText.tsx'

/** Privacy notice (RGPD / LOPDGDD) for the shop. The route renders the page title. */
export function PrivacyContent() {
  const { companyName, legalName, taxId, address, email, phone, mailto } = useLegalFacts()

  return (
    <LegalText>
      <p>
        <Trans>
          This notice explains how we process the personal data of visitors and customers of our online shop, in accordance with the General Data
          Protection Regulation (EU) 2016/679 (GDPR) and Spanish Organic Law 3/2018 on the Protection of Personal Data and Guarantee of Digital Rights
          (LOPDGDD).
        </Trans>
      </p>

      <section>
        <h2>
          <Trans>1. Data controller</Trans>
        </h2>
        <p>
          <Trans>
            The controller of your personal data is {legalName} (trading as {companyName}), tax ID (NIF) {taxId}, with its registered address at{' '}
            {address}, Spain.
          </Trans>
        </p>
        <p>
          <Trans>
            For any question about your personal data, write to <a href={mailto}>{email}</a>, call us on {phone} or write to us at the address above.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>2. What data we collect</Trans>
        </h2>
        <p>
          <Trans>We only collect the data we need for each purpose:</Trans>
        </p>
        <ul>
          <li>
            <Trans>
              Customer account: your full name, email address and password. Passwords are stored only in irreversible hashed form, so nobody at our
              company can read them.
            </Trans>
          </li>
          <li>
            <Trans>Orders: your name, email address, phone number, delivery address, the products you buy and your order history.</Trans>
          </li>
          <li>
            <Trans>
              Full invoices: when you ask for one, the name or company it is made out to and its tax ID or identity document number and country; if
              you are signed in, we keep them for your next order until you remove them from your account.
            </Trans>
          </li>
          <li>
            <Trans>
              Payment: card details are entered directly on the secure payment page of our payment processor, Stripe. We never see or store your full
              card number; we only receive confirmation of the payment.
            </Trans>
          </li>
          <li>
            <Trans>Contact form: your name, company (optional), email address, phone number (optional) and the content of your message.</Trans>
          </li>
          <li>
            <Trans>Catalog requests: your name, email address and the language of the catalog you ask for.</Trans>
          </li>
          <li>
            <Trans>Wholesale (B2B) access requests: the name, company name, email address, tax ID and phone number of the requesting business.</Trans>
          </li>
          <li>
            <Trans>WhatsApp: if you write to us on WhatsApp, we receive your phone number, your profile name and the messages you send us.</Trans>
          </li>
          <li>
            <Trans>
              Technical data: your IP address, browser type and the date and time of your visits, which our servers record in their logs for security
              purposes.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Fields marked as required are necessary to provide the service you ask for; without them we cannot process your order or request. If you
            give us data about another person (for example, a different delivery recipient), you confirm that you have their permission to do so.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>3. Cookies</Trans>
        </h2>
        <p>
          <Trans>
            This website only uses technical cookies that are strictly necessary for it to work. Under Article 22.2 of Spanish Law 34/2002 on
            Information Society Services (LSSI), these cookies do not require your consent. We do not use analytics, advertising or social media
            tracking cookies.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>Session cookie: keeps you signed in to your account. It is deleted when you sign out or when the session expires.</Trans>
          </li>
          <li>
            <Trans>
              Cart cookie: identifies your shopping cart when you are not signed in, so the products you add are not lost. It contains a random
              identifier and no personal data.
            </Trans>
          </li>
          <li>
            <Trans>
              Sign-in device cookie: remembers that this browser signed in to your account, so that someone else’s wrong passwords do not make you
              wait to sign in here. It holds your account’s identifier and a random identifier of the browser, never your password, and lasts 180
              days.
            </Trans>
          </li>
          <li>
            <Trans>Language cookie: remembers whether you prefer Spanish or English. It lasts one year.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            When you pay, you are taken to Stripe’s payment page, which sets its own cookies to process the payment securely and prevent fraud, in
            accordance with Stripe’s privacy and cookie policy. You can block or delete cookies in your browser settings, but if you block technical
            cookies you will not be able to sign in or keep products in your cart.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>4. Purposes and legal bases</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              Managing your customer account, processing and delivering your orders, handling payments, returns and guarantee claims, and sending you
              order confirmation emails. Legal basis: performance of the contract you enter into with us (Article 6.1.b GDPR).
            </Trans>
          </li>
          <li>
            <Trans>
              Issuing invoices and keeping accounting and tax records. Legal basis: compliance with our legal obligations under Spanish commercial and
              tax law (Article 6.1.c GDPR).
            </Trans>
          </li>
          <li>
            <Trans>
              Answering your messages and sending you the catalog you request. Legal basis: taking steps at your request before entering into a
              contract (Article 6.1.b GDPR).
            </Trans>
          </li>
          <li>
            <Trans>
              Reviewing wholesale (B2B) access requests, checking that the applicant is a business and managing the commercial relationship. Legal
              basis: pre-contractual and contractual measures (Article 6.1.b GDPR) and our legitimate interest in selling wholesale only to
              professionals (Article 6.1.f GDPR).
            </Trans>
          </li>
          <li>
            <Trans>
              Keeping the website and your account secure and preventing fraud. Legal basis: our legitimate interest in protecting our systems and our
              customers (Article 6.1.f GDPR).
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            We do not send advertising without your prior consent, we do not sell your data, and we do not make decisions about you based solely on
            automated processing or build profiles of you.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>5. How long we keep your data</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Account data: for as long as your account remains open. You can delete it yourself at any time from your account page.</Trans>
          </li>
          <li>
            <Trans>
              Orders and invoices: six years from the end of the financial year, as required by Article 30 of the Spanish Commercial Code, and for as
              long as tax authorities may review them.
            </Trans>
          </li>
          <li>
            <Trans>
              Contact messages and catalog requests: for the time needed to answer them and for up to twelve months afterwards, unless they lead to an
              order.
            </Trans>
          </li>
          <li>
            <Trans>
              Wholesale (B2B) requests: for as long as the commercial relationship lasts; rejected requests are deleted after twelve months.
            </Trans>
          </li>
          <li>
            <Trans>Server logs: up to twelve months.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            When these periods end, the data is blocked and kept only at the disposal of courts, public authorities and the data protection authority
            for the statutory limitation periods, as required by Article 32 of the LOPDGDD, and is then deleted.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>6. Who receives your data</Trans>
        </h2>
        <p>
          <Trans>
            We do not share your data with third parties except when it is necessary to provide our services or required by law. The following service
            providers process data on our behalf, under contracts that oblige them to protect it:
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>
              Stripe Payments Europe, Ltd. (Ireland), our payment processor, which receives the data needed to process and secure your card payment.
            </Trans>
          </li>
          <li>
            <Trans>Our website hosting and email service providers, which store the shop’s data and deliver our emails.</Trans>
          </li>
          <li>
            <Trans>The carriers and transport companies that deliver your order, which receive your name, delivery address and phone number.</Trans>
          </li>
          <li>
            <Trans>Our accountants and tax advisers, for bookkeeping and tax filings.</Trans>
          </li>
        </ul>
        <p>
          <Trans>We may also disclose data to the tax authorities, courts and law enforcement agencies when the law requires us to.</Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>7. International transfers</Trans>
        </h2>
        <p>
          <Trans>
            We store your data in the European Economic Area whenever possible. Some providers, such as Stripe or our email provider, may process data
            in the United States or other countries outside the EEA. In those cases the transfer is protected by a European Commission adequacy
            decision (such as the EU-US Data Privacy Framework) or by the Standard Contractual Clauses approved by the European Commission. You can
            ask us for more information about these safeguards.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>8. Your rights</Trans>
        </h2>
        <p>
          <Trans>Under data protection law you have the right to:</Trans>
        </p>
        <ul>
          <li>
            <Trans>Access: find out whether we process your data and obtain a copy of it.</Trans>
          </li>
          <li>
            <Trans>Rectification: have inaccurate or incomplete data corrected.</Trans>
          </li>
          <li>
            <Trans>Erasure: have your data deleted when it is no longer needed or you withdraw your consent.</Trans>
          </li>
          <li>
            <Trans>Objection: object to processing based on our legitimate interest.</Trans>
          </li>
          <li>
            <Trans>Restriction: ask us to suspend processing while we check a complaint about accuracy or lawfulness.</Trans>
          </li>
          <li>
            <Trans>
              Portability: receive the data you gave us in a structured, commonly used, machine-readable format, or have it sent to another company.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Where processing is based on your consent, you can withdraw it at any time without affecting the lawfulness of the processing carried out
            before.
          </Trans>
        </p>
        <h3>
          <Trans>From your account page</Trans>
        </h3>
        <p>
          <Trans>
            Signed in, your account page lets you correct your details, download a file with all the data we hold about your account (your account,
            profile and address, orders with their items, and the requests and messages you sent us while signed in, or without signing in from your
            email address once you had confirmed it), and delete your account after typing your password.
          </Trans>
        </p>
        <p>
          <Trans>
            Deleting your account removes at once your account, profile, saved address, cart, sessions, and the wholesale, contact and catalog
            requests you sent while signed in. Messages sent without signing in stay with us like any letter we receive, because anyone can type an
            email address into a form; to have them erased, write to us as explained below. The orders you placed are kept, because the law obliges us
            to keep invoices (see section 5), but they are detached from any account and reduced to what an invoice needs: the name, email and address
            on the order, the items and the amounts; the phone number is erased. Those orders are never shown to anyone who later creates an account
            with the same email address, and that address can be used to open a new account.
          </Trans>
        </p>
        <h3>
          <Trans>How to exercise your rights</Trans>
        </h3>
        <p>
          <Trans>
            Send an email to <a href={mailto}>{email}</a> or a letter to {address}, stating which right you want to exercise. If we cannot identify
            you from the email address linked to your account or order, we may ask for additional information to confirm your identity. We will reply
            within one month, which may be extended by two further months for complex requests; we will tell you if this happens. Exercising your
            rights is free of charge.
          </Trans>
        </p>
        <h3>
          <Trans>Right to lodge a complaint</Trans>
        </h3>
        <p>
          <Trans>
            If you believe we have not processed your data lawfully, you can lodge a complaint with the Spanish Data Protection Agency (Agencia
            Española de Protección de Datos, AEPD), C/ Jorge Juan 6, 28001 Madrid, at{' '}
            <a href="https://www.aepd.es" rel="noopener noreferrer" target="_blank">
              www.aepd.es
            </a>
            . We would appreciate the chance to resolve your concern first, so please contact us beforehand.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>9. Security</Trans>
        </h2>
        <p>
          <Trans>
            We apply appropriate technical and organisational measures to protect your data against loss, misuse and unauthorised access: encrypted
            connections (HTTPS) across the whole website, hashed passwords, access to customer data limited to authorised staff, and regular backups.
            Card payments are handled by Stripe, which is certified to the PCI DSS standard.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>10. Minors</Trans>
        </h2>
        <p>
          <Trans>
            Our shop is intended for adults. Minors under 14 may not give us their personal data, and purchases must be made by people of legal age.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>11. Changes to this notice</Trans>
        </h2>
        <p>
          <Trans>
            We may update this notice when the law or our services change. The date of the latest version appears at the top of this page, and if the
            changes are significant we will inform registered customers by email.
          </Trans>
        </p>
      </section>
    </LegalText>
  )
}
