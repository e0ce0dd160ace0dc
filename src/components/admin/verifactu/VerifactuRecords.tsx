import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useRef } from 'react'
import { verifactuRecordStates } from '../../../../core/verifactu.ts'
import { useLanguage } from '../../../i18n/useLanguage.ts'
import { formatDate } from '../../../lib/format.ts'
import { useTRPC, type RouterOutputs } from '../../../lib/trpc.ts'
import { monthLabel, parseMonth, recentMonths } from '../../../lib/verifactu-periods.ts'
import { Badge } from '../../orders/StatusBadges.tsx'
import { PageLoading } from '../../PageLoading.tsx'
import { button } from '../../ui/button.css.ts'
import { SelectField } from '../../ui/SelectField.tsx'
import * as admin from '../admin.css.ts'
import { AdminSection } from '../AdminSection.tsx'
import { Pager } from '../Pager.tsx'
import { useAdminAction } from '../use-admin-action.ts'
import { useChosen } from '../use-chosen.ts'
import { recordStateLabels } from './record-labels.ts'
import { isFiltered, isRecordState, recordFilters } from './records-filters.ts'
import { RecordsTable } from './RecordsTable.tsx'
import type { VerifactuSearch } from './verifactu-search.ts'
import * as styles from './VerifactuRecords.css.ts'

const route = getRouteApi('/admin/verifactu')

/** The records' heading: it takes the focus from code (after a correction, after invoicing resumes). */
export const recordsHeadingId = 'verifactu-sent-heading'
const headingId = recordsHeadingId

/**
 * The records of /admin/verifactu: every invoice's VERI*FACTU record and what the AEAT answered,
 * newest first, by state and by month (in the URL: the admin's notice links to the rejected,
 * conflicting and waiting ones), "Reintentar ahora" for those still waiting, and "Correct…" for
 * those the AEAT rejected or accepted with errors. `now` gives the months to choose from.
 */
export function VerifactuRecords({ now }: { now: Date }) {
  const { t, i18n } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const filters = recordFilters(route.useSearch())
  const navigate = route.useNavigate()
  // The table being replaced stays (marked busy for assistive technology) until the next one is there.
  const { data, isFetching, isError } = useQuery({ ...trpc.admin.verifactu.records.queryOptions(filters), placeholderData: keepPreviousData })
  const status = useQuery(trpc.admin.verifactu.status.queryOptions()).data
  const { refresh } = useAdminAction()
  // After a correction the records are fetched again and the keyboard lands on the section's
  // heading, above the new record (the newest first): the button used is gone by then.
  const heading = useRef<HTMLHeadingElement>(null)
  const corrected = () => {
    heading.current?.focus()
    void refresh()
  }

  // Filters change the URL: Back returns to the previous table. A new filter starts at page 1.
  const filter = (next: Partial<VerifactuSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }) })
  const [state, setState] = useChosen(filters.state ?? '')
  const [month, setMonth] = useChosen(filters.month ?? '')

  // The last 12 months, and the URL's month when it is older (a link kept from long ago).
  const months = recentMonths(now)
  const asked = parseMonth(filters.month)
  if (asked && !months.some((option) => option.value === asked.value)) months.push(asked)
  const stateOptions = [
    { value: '', label: t`All states` },
    ...verifactuRecordStates.map((value) => ({ value, label: i18n._(recordStateLabels[value]) })),
  ]
  const monthOptions = [
    { value: '', label: t`All months` },
    ...months.map((option) => ({ value: option.value, label: monthLabel(option.year, option.month, language) })),
  ]

  const filtered = isFiltered(filters)
  return (
    <AdminSection
      headingId={headingId}
      headingRef={heading}
      title={<Trans>Records sent to Hacienda</Trans>}
      // Only when the records can go: otherwise the notice above every admin page says why they do
      // not (VERI*FACTU off, no certificate), and a button that can only be refused would mislead.
      action={status && status.mode !== 'off' && status.sending ? <RetryButton /> : null}
    >
      <p className={admin.muted}>
        <Trans>
          Each invoice’s billing record (registro de facturación) and what Hacienda answered, newest first. Records waiting for an answer are sent
          again by themselves.
        </Trans>
      </p>
      <div className={styles.filters} role="group" aria-label={t`Filter records`}>
        <SelectField
          label={t`State`}
          name="state"
          value={state}
          options={stateOptions}
          onChange={(value) => {
            setState(value)
            filter({ state: isRecordState(value) ? value : undefined })
          }}
        />
        <SelectField
          label={t`Month`}
          name="month"
          value={month}
          options={monthOptions}
          onChange={(value) => {
            setMonth(value)
            filter({ month: parseMonth(value)?.value })
          }}
        />
      </div>
      <div className={styles.count}>
        <p aria-live="polite">{data ? <Plural value={data.count} one="# record" other="# records" /> : null}</p>
        {data?.service === 'test' ? (
          <Badge tone="warn" testId="verifactu-service">
            <Trans>AEAT test service</Trans>
          </Badge>
        ) : null}
        {filtered ? (
          <Link to="/admin/verifactu" search={{}} className={button({ tone: 'outline', size: 'sm' })}>
            <Trans>Clear filters</Trans>
          </Link>
        ) : null}
      </div>
      {isError && !data ? (
        <p className={admin.empty} role="alert">
          <Trans>The records could not be loaded. Reload the page to try again.</Trans>
        </p>
      ) : !data ? (
        <PageLoading />
      ) : (
        <>
          <RecordsTable
            records={data.records}
            labelledBy={headingId}
            busy={isFetching}
            empty={filtered ? <Trans>No records match these filters.</Trans> : <Trans>No records yet</Trans>}
            // A correction is a new record: none is made while VERI*FACTU is off (the server would refuse).
            canCorrect={status !== undefined && status.mode !== 'off'}
            onCorrected={corrected}
          />
          <Pager
            page={filters.page}
            pageCount={data.pageCount}
            onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
            label={t`Record pages`}
          />
        </>
      )}
    </AdminSection>
  )
}

type RetryOutcome = RouterOutputs['admin']['verifactu']['retry']

/**
 * "Reintentar ahora": the records still waiting go at the sender's next pass instead of after the
 * pause a failed attempt imposed. A wait the AEAT asked for is kept (the law's flow control): the
 * toast says until when. A refusal (sending not configured after all) is said by a toast too.
 */
function RetryButton() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const retry = useMutation(trpc.admin.verifactu.retry.mutationOptions())
  const { act } = useAdminAction()
  const said = (outcome: RetryOutcome) => {
    switch (outcome.kind) {
      case 'nothing':
        return t`No records are waiting to be sent to Hacienda.`
      case 'soon':
        return t`The waiting records will be sent to Hacienda within a few seconds.`
      case 'aeatWait': {
        const time = formatDate(outcome.until, language, true)
        return t`Hacienda asked to wait until ${time}: the waiting records will be sent then, by themselves.`
      }
    }
  }
  return (
    <button
      type="button"
      className={button({ tone: 'outline', size: 'sm' })}
      disabled={retry.isPending}
      onClick={() => void act(() => retry.mutateAsync(), { success: said })}
    >
      <Trans>Retry now</Trans>
    </button>
  )
}
