import * as Accordion from '@radix-ui/react-accordion'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { LegalText, useLegalFacts } from './LegalText.tsx'
import { DeliveryCost } from './DeliveryCost.tsx'
import * as styles from './faq.css.ts'

interface FaqItemProps {
  value: string
  question: ReactNode
  children: ReactNode
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
      <path d="M5 7.5l5 5 5-5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/**
 * One question. The answer stays in the HTML while closed (hidden with CSS), so it is rendered on the
 * server and indexable; Radix keeps the trigger's aria-expanded and aria-controls in sync.
 */
function FaqItem({ value, question, children }: FaqItemProps) {
  return (
    <Accordion.Item value={value} className={styles.item}>
      <Accordion.Header className={styles.header}>
        <Accordion.Trigger className={styles.trigger}>
          <span>{question}</span>
          <Chevron />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content forceMount className={styles.content}>
        <p>{children}</p>
      </Accordion.Content>
    </Accordion.Item>
  )
}

/** Frequently asked questions. The route renders the page title. */
export function FaqContent() {
  const { address, weekdays, saturday, email, phone, mailto } = useLegalFacts()

  return (
    <LegalText>
      <section>
        <h2>
          <Trans>Panels and sizes</Trans>
        </h2>
        <Accordion.Root type="multiple" className={styles.group}>
          <FaqItem value="size" question={<Trans>What size are the panels?</Trans>}>
            <Trans>
              Our standard panels measure 122 × 300 cm and are 3 mm thick, so each one covers 3.66 m². They are light enough for one or two people to
              handle. Custom lengths can be made on request for larger projects; contact us for a quote.
            </Trans>
          </FaqItem>
          <FaqItem value="quantity" question={<Trans>How many panels do I need for my wall?</Trans>}>
            <Trans>
              For walls up to 3 m high, divide the width of the wall in metres by 1.22 and round up: a wall 4 m wide needs 4 panels (4 ÷ 1.22 = 3.3).
              For other surfaces, divide the area in m² by 3.66 and add about 10% for cuts and openings. The calculator on each product page does this
              for you and fills in the quantity.
            </Trans>
          </FaqItem>
          <FaqItem value="samples" question={<Trans>Can I see the finishes before buying?</Trans>}>
            <Trans>
              Yes. You can see and touch the whole range in our showroom at {address}, open Monday to Friday ({weekdays}) and on Saturdays ({saturday}
              ). If you cannot visit us, write to <a href={mailto}>{email}</a> and we will tell you how to get samples of the finishes you are
              interested in.
            </Trans>
          </FaqItem>
        </Accordion.Root>
      </section>

      <section>
        <h2>
          <Trans>Installation and use</Trans>
        </h2>
        <Accordion.Root type="multiple" className={styles.group}>
          <FaqItem value="installation" question={<Trans>How are the panels installed?</Trans>}>
            <Trans>
              The panels are glued directly to the wall or ceiling with a suitable panel adhesive, such as an MS polymer adhesive, applied in beads or
              dots. The surface must be flat, clean, dry and firm; uneven walls can be levelled first or fitted with wooden or aluminium battens. You
              can also install them over existing tiles, as long as the tiles are firmly attached and the surface is flat.
            </Trans>
          </FaqItem>
          <FaqItem value="tools" question={<Trans>What tools do I need?</Trans>}>
            <Trans>
              A tape measure, a spirit level, a pencil, a caulking gun for the adhesive and a cutting tool. For straight cuts, score the panel with a
              sharp cutter along a metal ruler and snap it; for openings such as sockets and windows, use a fine-tooth saw or a jigsaw with a fine
              blade. Finish edges and joints with trims or a bead of silicone.
            </Trans>
          </FaqItem>
          <FaqItem value="humidity" question={<Trans>Can I use them in bathrooms and kitchens?</Trans>}>
            <Trans>
              Yes. The panels have a water-resistant bottom layer and a sealed UV-coated surface, so they are suitable for bathrooms, kitchens and
              other humid rooms. In areas that get wet often, such as around a shower or a sink, seal the joints and edges with sanitary silicone. As
              with any wall finish, make sure the room is well ventilated.
            </Trans>
          </FaqItem>
          <FaqItem value="heat" question={<Trans>Can they be installed near a heat source?</Trans>}>
            <Trans>
              Keep the panels away from direct heat, because PVC can deform at temperatures above about 60 °C. Do not install them directly behind a
              hob, next to a fireplace or stove, or in contact with hot pipes or halogen lights; in those areas, leave a safe distance or use a
              heat-resistant material such as glass or steel. Normal room heating and radiators at a reasonable distance are not a problem.
            </Trans>
          </FaqItem>
          <FaqItem value="outdoor" question={<Trans>Can I use them outdoors?</Trans>}>
            <Trans>
              No. The panels are designed for indoor walls and ceilings only. Direct sunlight, rain and large changes in temperature would damage the
              finish and deform the panels, and outdoor use is not covered by the guarantee.
            </Trans>
          </FaqItem>
          <FaqItem value="fire" question={<Trans>How do the panels behave in a fire?</Trans>}>
            <Trans>
              The panels have a fire-resistant bottom layer, and their PVC stops burning once the flame is removed. For projects that require a
              specific fire classification, such as hotels, shops or public buildings, ask us for the technical data sheet before ordering and check
              the requirements with your architect or installer.
            </Trans>
          </FaqItem>
          <FaqItem value="cleaning" question={<Trans>How do I clean the panels?</Trans>}>
            <Trans>
              Wipe them with a soft cloth or sponge and warm water with a little neutral soap, then dry them. Do not use scouring pads, abrasive
              powders, solvents or undiluted bleach, as they can dull or scratch the UV finish.
            </Trans>
          </FaqItem>
        </Accordion.Root>
      </section>

      <section>
        <h2>
          <Trans>Orders, delivery and payment</Trans>
        </h2>
        <Accordion.Root type="multiple" className={styles.group}>
          <FaqItem value="delivery" question={<Trans>How long does delivery take and how much does it cost?</Trans>}>
            <DeliveryCost />{' '}
            <Trans>
              The Canary Islands, Ceuta and Melilla have other taxes (IGIC, IPSI), so we cannot take those orders online: ask us for a quote through
              the <Link to="/contact">contact form</Link>, as for other countries.
            </Trans>
          </FaqItem>
          <FaqItem value="payment" question={<Trans>Which payment methods do you accept?</Trans>}>
            <Trans>
              You can pay by credit or debit card on the secure payment page of Stripe, our payment processor. We never see or store your card
              details. If you need a different payment method for a large or wholesale order, contact us.
            </Trans>
          </FaqItem>
        </Accordion.Root>
      </section>

      <section>
        <h2>
          <Trans>Wholesale and returns</Trans>
        </h2>
        <Accordion.Root type="multiple" className={styles.group}>
          <FaqItem value="wholesale" question={<Trans>Do you sell wholesale to professionals?</Trans>}>
            <Trans>
              Yes. Installers, interior designers, shops, hotels and other businesses can create an account and request wholesale access from the{' '}
              <Link to="/b2b">B2B area</Link>, providing their company details and tax ID. Once we approve the request, wholesale prices are shown
              throughout the shop.
            </Trans>
          </FaqItem>
          <FaqItem value="returns" question={<Trans>Can I return panels?</Trans>}>
            <Trans>
              Yes. As a consumer you have 14 days from delivery to withdraw from your purchase, as long as the panels are unused, uncut and not
              installed. Panels cut to measure or made in custom lengths cannot be returned, and return shipping is paid by the customer unless the
              goods are defective. Our <Link to="/returns">returns policy</Link> explains the details.
            </Trans>
          </FaqItem>
        </Accordion.Root>
      </section>

      <section>
        <h2>
          <Trans>Still have questions?</Trans>
        </h2>
        <p>
          <Trans>
            Write to us at <a href={mailto}>{email}</a>, call us on {phone} or send us a message through the <Link to="/contact">contact page</Link>.
            We will be happy to help you plan your project.
          </Trans>
        </p>
      </section>
    </LegalText>
  )
}
