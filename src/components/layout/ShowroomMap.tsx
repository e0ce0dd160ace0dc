import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatAddressLine, type Company } from '../../../core/company.ts'
import { useCompany } from '../../lib/company.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './ShowroomMap.css.ts'

function mapUrls(company: Company) {
  const { latitude: lat, longitude: lon, zoom } = company.map
  const d = 0.006
  const bbox = [lon - d, lat - d / 2, lon + d, lat + d / 2].join(',')
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik&marker=${lat},${lon}`,
    full: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`,
  }
}

/**
 * The showroom map loads only when the visitor asks for it: a third-party map sets requests and
 * cookies of its own, which the GDPR wants the visitor to agree to first. "Show map" is a link to
 * the contact page with the map shown (`?map=1`, `shown`), so it works before and without
 * JavaScript; with it, the map opens in place.
 */
export function ShowroomMap({ shown = false }: { shown?: boolean }) {
  const { t } = useLingui()
  const [asked, setAsked] = useState(false)
  const loaded = shown || asked
  const company = useCompany()
  const urls = mapUrls(company)
  const address = formatAddressLine(company)
  return (
    <section className={styles.map} aria-labelledby="map-heading">
      <h2 id="map-heading" className={styles.title}>
        <Trans>How to find us</Trans>
      </h2>
      {loaded ? (
        <iframe className={styles.frame} title={t`Map of our showroom in Torrevieja`} src={urls.embed} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <div className={styles.placeholder}>
          <p>{address}</p>
          <p className={styles.note}>
            <Trans>The map is provided by OpenStreetMap and loads only if you ask for it.</Trans>
          </p>
          <Link
            to="/contact"
            search={(previous) => ({ ...previous, map: 1 as const })}
            hash="map-heading"
            replace
            resetScroll={false}
            className={button({ tone: 'primary' })}
            onClick={(event) => {
              event.preventDefault()
              setAsked(true)
            }}
          >
            <Trans>Show map</Trans>
          </Link>
        </div>
      )}
      <a className={styles.external} href={urls.full} target="_blank" rel="noopener noreferrer">
        <Trans>Open the map in a new tab</Trans>
      </a>
    </section>
  )
}
