import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { formCard } from '../components/ui/form-card.css.ts'
import { formDone } from '../components/ui/form.css.ts'
import { ShowroomMap } from '../components/layout/ShowroomMap.tsx'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { pageHead } from '../lib/seo.ts'
import { companyNodes } from '../lib/structured-data.ts'
import { formatAddressLine } from '../../core/company.ts'
import { useCompany } from '../lib/company.ts'
import { reveal } from '../styles/reveal.css.ts'
import { staggerDelay } from '../styles/stagger.ts'
import * as styles from './-contact.css.ts'

// The form's code (its rules, the form library) comes after the page's first download.
const contactForm = hydrateLater(() => import('../components/forms/ContactForm.tsx').then((module) => module.ContactForm))
const ContactForm = contactForm.Component

interface ContactSearch {
  /** A delivery quote for a postal code checkout does not serve (docs/product.md#delivery): prefills the message. */
  quote?: string
  /** The form was sent without the page's script (server/http/public-forms.ts answers 303 here). */
  sent?: 1
  /** The showroom's map was asked for by its link, before or without the page's script (ShowroomMap). */
  map?: 1
}

export const Route = createFileRoute('/contact')({
  validateSearch: (search: Record<string, unknown>): ContactSearch => ({
    ...(typeof search.quote === 'string' && /^\d{5}$/.test(search.quote) ? { quote: search.quote } : {}),
    // The query `sent=1` parses to the number, and writes back the same.
    ...(search.sent === 1 ? { sent: 1 as const } : {}),
    ...(search.map === 1 ? { map: 1 as const } : {}),
  }),
  loader: async () => {
    await contactForm.preload()
  },
  head: ({ match }) =>
    pageHead(match.context, {
      title: match.context.i18n._(msg`Contact and showroom`),
      description: match.context.i18n._(
        msg`Visit our showroom in Torrevieja (Alicante), call us or write to us for prices, samples and wholesale accounts.`,
      ),
      path: '/contact',
      structuredData: (page) => companyNodes(match.context.site.company, page),
    }),
  component: ContactPage,
})

function ContactPage() {
  const { t } = useLingui()
  const { quote, sent, map } = Route.useSearch()
  const company = useCompany()
  const address = formatAddressLine(company)
  const weekdays = company.openingHours.weekdays
  const saturday = company.openingHours.saturday
  return (
    <>
      <PageHeader
        title={<Trans>Contact</Trans>}
        lead={<Trans>Questions about a project, samples or wholesale prices? We answer within one working day.</Trans>}
      />
      <div className={styles.page}>
        <ul className={styles.cards}>
          <li className={`${styles.card} ${reveal}`} style={staggerDelay(0)}>
            <h2 className={styles.cardTitle}>
              <Trans>Showroom</Trans>
            </h2>
            <address className={styles.cardText}>{address}</address>
            <p className={styles.hours}>
              <Trans>Monday to Friday {weekdays}</Trans>
              <br />
              <Trans>Saturday {saturday}</Trans>
            </p>
          </li>
          <li className={`${styles.card} ${reveal}`} style={staggerDelay(1)}>
            <h2 className={styles.cardTitle}>
              <Trans>Email</Trans>
            </h2>
            <a className={styles.cardLink} href={`mailto:${company.email}`}>
              {company.email}
            </a>
          </li>
          <li className={`${styles.card} ${reveal}`} style={staggerDelay(2)}>
            <h2 className={styles.cardTitle}>
              <Trans>Phone</Trans>
            </h2>
            <a className={styles.cardLink} href={`tel:+${company.phoneDigits}`}>
              {company.phone}
            </a>
          </li>
        </ul>
        <section className={formCard} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={styles.cardTitle}>
            <Trans>Write to us</Trans>
          </h2>
          <p className={styles.cardText}>
            <Trans>Tell us about your project: we answer within one working day.</Trans>
          </p>
          {sent ? (
            <p className={formDone} role="status">
              <Trans>Message sent successfully. We'll contact you soon.</Trans>
            </p>
          ) : null}
          <ContactForm
            key={quote ?? ''}
            initialMessage={quote ? t`I would like a quote for panels delivered to postal code ${quote}. The panels and quantities I need:` : ''}
          />
        </section>
        <ShowroomMap shown={map === 1} />
      </div>
    </>
  )
}
