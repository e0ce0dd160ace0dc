import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatDate, formatNumber } from '../../lib/format.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './admin.css.ts'
import { AdminTable } from './AdminTable.tsx'
import { useAdminAction } from './use-admin-action.ts'

/**
 * The embedded database's backups: the shop makes one a day and keeps the newest seven;
 * the owner can make one now and download any to keep it somewhere else. On PostgreSQL the shop
 * says how that database is backed up instead.
 */
export function AdminBackups() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const backups = useQuery(trpc.admin.backups.list.queryOptions()).data
  const create = useMutation(trpc.admin.backups.create.mutationOptions())
  const { act } = useAdminAction()
  if (!backups) return null
  if (!backups.byTheShop) {
    return (
      <section className={styles.section} aria-labelledby="backups-heading">
        <h2 id="backups-heading" className={styles.heading}>
          <Trans>Backups</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>
            This shop keeps its data in PostgreSQL: back it up with <code>npm run db:backup</code> (at any time) or with your database provider’s
            backups.
          </Trans>
        </p>
      </section>
    )
  }
  const kept = formatNumber(backups.keep, language)
  return (
    <section className={styles.section} aria-labelledby="backups-heading">
      <div className={styles.toolbar}>
        <h2 id="backups-heading" className={styles.heading}>
          <Trans>Backups</Trans>
        </h2>
        <button
          type="button"
          className={button({ size: 'sm' })}
          disabled={create.isPending}
          onClick={() => void act(() => create.mutateAsync(), { success: t`Backup made` })}
        >
          {create.isPending ? <Trans>Backing up…</Trans> : <Trans>Back up now</Trans>}
        </button>
      </div>
      <p className={styles.muted}>
        <Trans>The shop backs up its database every day and keeps the newest {kept}. Download one now and then to keep a copy elsewhere.</Trans>
      </p>
      <AdminTable
        labelledBy="backups-heading"
        testId="backups"
        columns={[t`Made on`, { label: t`Size`, numeric: true }, t`File`]}
        rows={backups.files.length}
        empty={<Trans>No backup yet</Trans>}
      >
        {backups.files.map((file) => {
          const megabytes = formatNumber(file.bytes / 1_000_000, language, 1)
          return (
            <tr key={file.name}>
              <td className={`${styles.td} ${styles.nowrap}`}>
                <time dateTime={file.createdAt}>{formatDate(file.createdAt, language, true)}</time>
              </td>
              <td className={`${styles.td} ${styles.numeric}`}>
                <Trans>{megabytes} MB</Trans>
              </td>
              <td className={styles.td}>
                <a href={`/admin/backups/${file.name}`} download>
                  {file.name}
                </a>
              </td>
            </tr>
          )
        })}
      </AdminTable>
    </section>
  )
}
