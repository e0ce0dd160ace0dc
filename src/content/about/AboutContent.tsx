import * as Accordion from '@radix-ui/react-accordion'
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { useCompany } from '../../lib/company.ts'
import { reveal } from '../../styles/reveal.css.ts'
import { staggerDelay } from '../../styles/stagger.ts'
import { prose } from '../../styles/utilities.css.ts'
import * as styles from './about.css.ts'

interface ValueCardProps {
  /** Position in the grid, for the 0.1 s entrance stagger. */
  index: number
  icon: ReactNode
  title: ReactNode
  children: ReactNode
}

function ValueCard({ index, icon, title, children }: ValueCardProps) {
  return (
    <li className={`${styles.valueCard} ${reveal}`} style={staggerDelay(index)}>
      <span className={styles.valueIcon}>{icon}</span>
      <h3 className={styles.valueTitle}>{title}</h3>
      <p className={styles.valueText}>{children}</p>
    </li>
  )
}

function Icon({ path }: { path: string }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  )
}

const icons = {
  quality: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  innovation: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8V16h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3z',
  sustainability: 'M5 19c0-8 5-13 14-14-1 9-6 14-14 14zm0 0l7-7',
  service: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1zm16 0h-3v6h2a1 1 0 0 0 1-1z',
} as const

interface SpecSectionProps {
  value: string
  title: ReactNode
  children: ReactNode
}

function SpecSection({ value, title, children }: SpecSectionProps) {
  return (
    <Accordion.Item value={value} className={styles.accordionItem}>
      <Accordion.Header className={styles.accordionHeader}>
        <Accordion.Trigger className={styles.accordionTrigger}>
          <span>{title}</span>
          <svg className={styles.chevron} viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
            <path d="M5 7.5l5 5 5-5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Accordion.Trigger>
      </Accordion.Header>
      {/* Kept in the HTML while closed (hidden with CSS) so the facts are server-rendered and indexable. */}
      <Accordion.Content forceMount className={styles.accordionContent}>
        {children}
      </Accordion.Content>
    </Accordion.Item>
  )
}

function Spec({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className={styles.specTerm}>{term}</dt>
      <dd className={styles.specValue}>{children}</dd>
    </>
  )
}

/** Body of the About page, below the `<h1>` rendered by the route. */
export function AboutContent() {
  const company = useCompany()
  const companyName = company.name
  const city = company.address.city
  const province = company.address.province

  return (
    <div className={styles.root}>
      <p className={styles.subtitle}>
        <Trans>
          Decorative wall and ceiling panels with the look of marble, wood and stone, supplied from {city} to homes and businesses all over Spain.
        </Trans>
      </p>

      <section className={styles.section} aria-labelledby="about-story">
        <h2 id="about-story" className={styles.sectionTitle}>
          <Trans>Our story</Trans>
        </h2>
        <div className={prose}>
          <p>
            <Trans>
              {companyName} is a distributor of decorative PVC wall and ceiling panels based in {city} ({province}). We bring the look of natural
              marble, warm wood and textured stone to homes and businesses with panels that are light, quick to install and easy to look after.
            </Trans>
          </p>
          <p>
            <Trans>
              We work with homeowners renovating a bathroom or a living room, installers and builders, interior designers looking for distinctive
              finishes, and shops and hotels that need durable, attractive surfaces. We serve customers all along the Costa Blanca from our showroom
              and deliver throughout Spain.
            </Trans>
          </p>
          <p>
            <Trans>
              Our support does not end with the sale: we help you choose the right finish, work out how many panels you need and plan the
              installation, whether it is a single feature wall or the refurbishment of a whole hotel.
            </Trans>
          </p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-values">
        <h2 id="about-values" className={styles.sectionTitle}>
          <Trans>Our values</Trans>
        </h2>
        <ul className={styles.valuesGrid}>
          <ValueCard index={0} icon={<Icon path={icons.quality} />} title={<Trans>Superior quality</Trans>}>
            <Trans>
              Our panels are made under an ISO 9001:2015 quality management system, with every batch checked for finish, thickness and dimensions.
            </Trans>
          </ValueCard>
          <ValueCard index={1} icon={<Icon path={icons.innovation} />} title={<Trans>Innovation</Trans>}>
            <Trans>We keep our collections up to date with new finishes, textures and formats that follow the latest interior design trends.</Trans>
          </ValueCard>
          <ValueCard index={2} icon={<Icon path={icons.sustainability} />} title={<Trans>Sustainability</Trans>}>
            <Trans>Long-lasting panels that can be installed over existing surfaces, avoiding demolition work and the waste it creates.</Trans>
          </ValueCard>
          <ValueCard index={3} icon={<Icon path={icons.service} />} title={<Trans>Exceptional service</Trans>}>
            <Trans>Personal advice before and after your purchase, clear delivery times and quick answers from a team that knows the product.</Trans>
          </ValueCard>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="about-specs">
        <h2 id="about-specs" className={styles.sectionTitle}>
          <Trans>Technical specifications</Trans>
        </h2>
        <p className={styles.sectionIntro}>
          <Trans>The main technical data of our decorative PVC wall and ceiling panels.</Trans>
        </p>
        <Accordion.Root type="multiple" defaultValue={['specs']} className={styles.accordion}>
          <SpecSection value="specs" title={<Trans>Specifications</Trans>}>
            <dl className={styles.specList}>
              <Spec term={<Trans>Material</Trans>}>
                <Trans>PVC composite</Trans>
              </Spec>
              <Spec term={<Trans>Dimensions</Trans>}>
                <Trans>3000 x 1220 mm (300 × 122 cm), custom lengths available</Trans>
              </Spec>
              <Spec term={<Trans>Thickness</Trans>}>
                <Trans>3 mm (±0.2 mm)</Trans>
              </Spec>
              <Spec term={<Trans>Surface finish</Trans>}>
                <Trans>UV coating, glossy or matte</Trans>
              </Spec>
              <Spec term={<Trans>Texture</Trans>}>
                <Trans>Embossed or plain</Trans>
              </Spec>
              <Spec term={<Trans>Recommended use</Trans>}>
                <Trans>Indoor walls and ceilings</Trans>
              </Spec>
            </dl>
          </SpecSection>

          <SpecSection value="features" title={<Trans>Key features</Trans>}>
            <ul className={styles.featureList}>
              <li>
                <Trans>Realistic marble, wood and stone designs.</Trans>
              </li>
              <li>
                <Trans>Three-layer construction: a UV-cured top layer, a decorative middle layer and a fire- and water-resistant bottom layer.</Trans>
              </li>
              <li>
                <Trans>Glossy or matte UV-coated finish, with an embossed or plain surface.</Trans>
              </li>
              <li>
                <Trans>Large 122 × 300 cm format that covers big areas with few joints.</Trans>
              </li>
            </ul>
          </SpecSection>

          <SpecSection value="performance" title={<Trans>Performance and quality</Trans>}>
            <ul className={styles.featureList}>
              <li>
                <Trans>Service life of more than 10 years indoors.</Trans>
              </li>
              <li>
                <Trans>Quality management certified to ISO 9001:2015.</Trans>
              </li>
              <li>
                <Trans>Consistent thickness of 3 mm with a tolerance of ±0.2 mm.</Trans>
              </li>
              <li>
                <Trans>Water-resistant construction, suitable for bathrooms, kitchens and other humid rooms.</Trans>
              </li>
            </ul>
          </SpecSection>

          <SpecSection value="packaging" title={<Trans>Packaging and capacity</Trans>}>
            <ul className={styles.featureList}>
              <li>
                <Trans>About 100 panels per pallet, packed flat and protected for transport.</Trans>
              </li>
              <li>
                <Trans>Production capacity of up to 1,250 panels per day, enough to supply large projects on time.</Trans>
              </li>
            </ul>
          </SpecSection>

          <SpecSection value="environment" title={<Trans>Environmental responsibility</Trans>}>
            <ul className={styles.featureList}>
              <li>
                <Trans>A service life of more than 10 years indoors means fewer replacements and less material used over time.</Trans>
              </li>
              <li>
                <Trans>Panels can be installed over existing walls and tiles, avoiding demolition and the rubble it produces.</Trans>
              </li>
              <li>
                <Trans>The durable UV-cured finish needs no painting or varnishing.</Trans>
              </li>
            </ul>
          </SpecSection>
        </Accordion.Root>
      </section>
    </div>
  )
}
