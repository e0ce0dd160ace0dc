import { Trans, useLingui } from '@lingui/react/macro'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { bookPeriodOptions, currentMonthDays, currentMonthValue, monthLabel, type BookPeriodOption } from '../../lib/verifactu-periods.ts'
import { button } from '../ui/button.css.ts'
import { FieldShell } from '../ui/FieldShell.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { TextField } from '../ui/TextField.tsx'
import * as fields from '../ui/form.css.ts'
import * as admin from './admin.css.ts'
import type { AdminContext } from './admin-context.ts'
import { AdminCard } from './AdminSection.tsx'
import * as styles from './AdminVerifactu.css.ts'
import { recordFilters } from './verifactu/records-filters.ts'
import type { VerifactuSearch } from './verifactu/verifactu-search.ts'
import { VerifactuRecords } from './verifactu/VerifactuRecords.tsx'
// After the records' import: the shell, which lists what this page preloads, then lists it in the same order
// as before (another order cost every page's first download a few bytes of gzip).
import { InvoicingHalt } from './verifactu/InvoicingHalt.tsx'

/**
 * The route's loader, here with the page's code rather than in every page's first download: the
 * records the URL asks for, and the status (whether "Reintentar ahora" is offered, whether invoicing
 * is stopped; the notice above the page reads it too). Admin data only for an admin (the layout,
 * src/routes/admin.tsx, says whether).
 */
export async function loadVerifactu({ queryClient, trpc, adminAccess }: AdminContext, search: VerifactuSearch) {
  if (!adminAccess) return
  await Promise.all([
    queryClient.ensureQueryData(trpc.admin.verifactu.records.queryOptions(recordFilters(search))),
    // The page does without it (no retry button), so a failure to read it does not fail the page.
    queryClient.prefetchQuery(trpc.admin.verifactu.status.queryOptions()),
  ])
}

/**
 * /admin/verifactu: while invoicing is stopped, what to check before resuming it (docs/decisions/030);
 * the invoices' records and what the AEAT answered (docs/decisions/028), then what Hacienda and the
 * company's accountant ask for, as downloads the server makes. Plain GET
 * forms, so the browser downloads the file with or without the page's JavaScript; every day is a
 * day in Spain. `now` is the clock's time unless a test gives one.
 */
export function AdminVerifactu({ now = new Date() }: { now?: Date }) {
  return (
    <>
      <PageHeader
        title={<Trans>Hacienda (VERI*FACTU)</Trans>}
        lead={<Trans>The invoices’ records sent to Hacienda and their answers; downloads for your accountant and for an inspection.</Trans>}
      />
      <div className={styles.page}>
        <InvoicingHalt />
        <VerifactuRecords now={now} />
        <InvoiceBook now={now} />
        <InspectionRecords now={now} />
        <p>
          {/* A page the server makes, not one of the router's: a plain link loads it. */}
          <a href="/admin/verifactu/declaracion" className={styles.link}>
            <Trans>The system’s declaración responsable</Trans>
          </a>
        </p>
      </div>
    </>
  )
}

/** The libro registro de facturas expedidas of a month or a quarter, as CSV or as an Excel workbook. */
function InvoiceBook({ now }: { now: Date }) {
  const { t } = useLingui()
  const language = useLanguage()
  const label = (option: BookPeriodOption) => {
    if (option.kind === 'month') return monthLabel(option.year, option.month, language)
    const { quarter, year } = option
    return t`Q${quarter} ${year}`
  }
  return (
    <AdminCard headingId="verifactu-book-heading" title={<Trans>Register of issued invoices (libro registro de facturas expedidas)</Trans>}>
      <p className={admin.muted}>
        <Trans>
          Number, date, type, buyer’s tax id and name, taxable base, IVA rate and amount, recargo de equivalencia, total and the corrected or replaced
          invoice of every invoice of the period, for your accountant.
        </Trans>
      </p>
      <form method="get" action="/admin/verifactu/book.csv" className={styles.form} aria-labelledby="verifactu-book-heading">
        <FieldShell label={t`Period`}>
          {(control) => (
            <select name="period" className={fields.input} defaultValue={currentMonthValue(now)} {...control}>
              {bookPeriodOptions(now).map((option) => (
                <option key={option.value} value={option.value}>
                  {label(option)}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <div className={styles.buttons}>
          <button type="submit" formAction="/admin/verifactu/book.csv" className={button()}>
            <Trans>Download CSV</Trans>
          </button>
          <button type="submit" formAction="/admin/verifactu/book.xlsx" className={button({ tone: 'outline' })}>
            <Trans>Download Excel (XLSX)</Trans>
          </button>
        </div>
      </form>
    </AdminCard>
  )
}

/** The billing records made on a period's days, as one RegFactuSistemaFacturacion document. */
function InspectionRecords({ now }: { now: Date }) {
  const { t } = useLingui()
  const { from, to } = currentMonthDays(now)
  return (
    <AdminCard headingId="verifactu-records-heading" title={<Trans>Records for an inspection</Trans>}>
      <p className={admin.muted}>
        <Trans>The billing records of the period as the AEAT receives them (RegFactuSistemaFacturacion), at most 1,000 per file.</Trans>
      </p>
      <form method="get" action="/admin/verifactu/records.xml" className={styles.form} aria-labelledby="verifactu-records-heading">
        <div className={styles.days}>
          <TextField label={t`First day`} name="from" type="date" required defaultValue={from} />
          <TextField label={t`Last day`} name="to" type="date" required defaultValue={to} />
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={button()}>
            <Trans>Download XML</Trans>
          </button>
        </div>
      </form>
    </AdminCard>
  )
}
