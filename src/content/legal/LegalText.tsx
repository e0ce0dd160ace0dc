import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatAddressLine } from '../../../core/company.ts'
import { useCompany } from '../../lib/company.ts'
import { prose } from '../../styles/utilities.css.ts'

/** The company's facts the legal and help texts quote, each under the name their messages use ({legalName}, {address}, {mailto}…). */
export function useLegalFacts() {
  const company = useCompany()
  return {
    companyName: company.name,
    legalName: company.legalName,
    taxId: company.taxId,
    address: formatAddressLine(company),
    email: company.email,
    phone: company.phone,
    mailto: `mailto:${company.email}`,
    city: company.address.city,
    province: company.address.province,
    weekdays: company.openingHours.weekdays,
    saturday: company.openingHours.saturday,
  }
}

/** A legal or help text in the long-form column, its revision date first. The route renders the page title. */
export function LegalText({ children }: { children: ReactNode }) {
  return (
    <div className={prose}>
      <p>
        <Trans>
          Last updated: <time dateTime="2026-11-01">1 November 2026</time>
        </Trans>
      </p>
      {children}
    </div>
  )
}
