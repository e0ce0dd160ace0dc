import { Trans } from '@lingui/react/macro'
import { LegalText, useLegalFacts } from './LegalText.tsx'

/** Returns policy and the EU 14-day right of withdrawal. The route renders the page title. */
export function ReturnsContent() {
  const { legalName, address, email, phone, mailto } = useLegalFacts()

  return (
    <LegalText>
      <p>
        <Trans>
          We want you to be happy with your panels. This page explains your right of withdrawal as a consumer and what to do if your order arrives
          damaged or defective.
        </Trans>
      </p>

      <section>
        <h2>
          <Trans>1. Your 14-day right of withdrawal</Trans>
        </h2>
        <p>
          <Trans>
            If you are a consumer, you may withdraw from your purchase within 14 calendar days without giving any reason, as provided in Articles 102
            and following of the Spanish consumer protection law (TRLGDCU). The period ends 14 days after the day on which you, or a person you
            designate other than the carrier, receive the goods. If your order is delivered in several shipments, it runs from the day you receive the
            last one.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>2. How to withdraw</Trans>
        </h2>
        <p>
          <Trans>
            The quickest way is online, with the button “Withdraw from the contract”: on “My orders” if you bought signed in to your account, or on
            the page the link in your order’s emails opens (the order confirmation and the delivery email). Confirm your name and email, add a comment
            if you wish (no reason is needed), and we email you an acknowledgment at once, with the date and time we received it.
          </Trans>
        </p>
        <p>
          <Trans>
            You may also, before the period ends, send us a clear statement of your decision to withdraw, by email to <a href={mailto}>{email}</a> or
            by post to {legalName}, {address}, Spain. Please include your order number and the products you want to return.
          </Trans>
        </p>
        <p>
          <Trans>
            You may use the model withdrawal form below, but it is not compulsory. It is enough to send your communication before the 14-day period
            expires. We will confirm receipt of your withdrawal by email without delay.
          </Trans>
        </p>
        <h3>
          <Trans>Model withdrawal form</Trans>
        </h3>
        <blockquote>
          <p>
            <Trans>(Complete and return this form only if you wish to withdraw from the contract.)</Trans>
          </p>
          <p>
            <Trans>
              To: {legalName}, {address}, Spain. Email: {email}
            </Trans>
          </p>
          <p>
            <Trans>I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods:</Trans>
          </p>
          <ul>
            <li>
              <Trans>Order number:</Trans>
            </li>
            <li>
              <Trans>Ordered on (*) / received on (*):</Trans>
            </li>
            <li>
              <Trans>Name of consumer(s):</Trans>
            </li>
            <li>
              <Trans>Address of consumer(s):</Trans>
            </li>
            <li>
              <Trans>Signature of consumer(s) (only if this form is notified on paper):</Trans>
            </li>
            <li>
              <Trans>Date:</Trans>
            </li>
          </ul>
          <p>
            <Trans>(*) Delete as appropriate.</Trans>
          </p>
        </blockquote>
      </section>

      <section>
        <h2>
          <Trans>3. Returning the panels</Trans>
        </h2>
        <p>
          <Trans>
            Send the panels back to {address}, Spain, without undue delay and at the latest within 14 days of telling us that you are withdrawing.
            Please contact us before sending them so that we can expect the delivery.
          </Trans>
        </p>
        <p>
          <Trans>
            You bear the direct cost of returning the goods, unless they are defective or we sent you the wrong product. Because the panels are 3
            metres long, they cannot be sent by ordinary post and are usually returned by a transport company. If you wish, we can arrange collection
            through our carrier and tell you the cost in advance.
          </Trans>
        </p>
        <p>
          <Trans>
            Panels must be returned unused, uncut and not installed, preferably in their original packaging and well protected for transport. You may
            handle the panels as you would in a shop to check their nature, characteristics and finish, but you are responsible for any loss in value
            caused by other handling, for example if they have been cut, glued, installed or damaged.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>4. Exceptions</Trans>
        </h2>
        <p>
          <Trans>
            The right of withdrawal does not apply to goods made to the consumer’s specifications or clearly personalised (Article 103 of the
            TRLGDCU). This includes panels cut to measure or made in custom lengths at your request.
          </Trans>
        </p>
        <p>
          <Trans>
            The right of withdrawal is a consumer right. It does not apply to purchases made by businesses for their professional activity, including
            orders placed with a wholesale (B2B) account, although we will always consider a reasonable request.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>5. Refunds</Trans>
        </h2>
        <p>
          <Trans>
            We will refund all payments received from you, including the standard delivery costs if you paid any, within 14 days of the day we are
            informed of your decision to withdraw. We may withhold the refund until we have received the panels back or you have provided proof of
            having sent them, whichever happens first.
          </Trans>
        </p>
        <p>
          <Trans>
            The refund is made using the same payment method you used for the original purchase, unless you expressly agree otherwise, and you will
            not be charged any fee for it. If the returned panels have lost value because of handling beyond what is needed to inspect them, we may
            deduct that loss in value from the refund.
          </Trans>
        </p>
      </section>

      <section>
        <h2>
          <Trans>6. Damaged or defective goods</Trans>
        </h2>
        <p>
          <Trans>
            Please check your order when it arrives. If the packaging is visibly damaged, note this on the carrier’s delivery note or refuse the
            delivery, and tell us within 48 hours, with photos if possible, so that we can claim against the carrier and send you replacement panels
            quickly.
          </Trans>
        </p>
        <p>
          <Trans>
            If a panel is defective or does not match your order, write to <a href={mailto}>{email}</a> or call us on {phone} with your order number,
            a description of the problem and photos. We will replace the panel or, if that is not possible, refund it, and we will pay all transport
            costs. These rights come from the legal guarantee of conformity, which lasts three years from delivery and is separate from the right of
            withdrawal.
          </Trans>
        </p>
      </section>
    </LegalText>
  )
}
