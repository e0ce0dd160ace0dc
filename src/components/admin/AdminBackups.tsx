import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useLanguage } from '../../i18n/useLanguage.ts'
import { formatNumber } from '../../lib/format.ts'
import { useTRPC, type RouterOutputs } from '../../lib/trpc.ts'
import { button } from '../ui/button.css.ts'
import * as styles from './admin.css.ts'
import { AdminListSection, AdminSection } from './AdminSection.tsx'
import { whenColumn, type Column } from './AdminTable.tsx'
import { useAdminAction } from './use-admin-action.ts'

type Backup = RouterOutputs['admin']['backups']['list']['files'][number]

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
      <AdminSection headingId="backups-heading" title={<Trans>Backups</Trans>}>
        <p className={styles.muted}>
          <Trans>
            This shop keeps its data in PostgreSQL: back it up with <code>npm run db:backup</code> (at any time) or with your database provider’s
            backups.
          </Trans>
        </p>
      </AdminSection>
    )
  }
  const kept = formatNumber(backups.keep, language)
  const columns: Column<Backup>[] = [
    whenColumn(t`Made on`, language, (file) => file.createdAt),
    {
      header: t`Size`,
      numeric: true,
      cell: (file) => {
        const megabytes = formatNumber(file.bytes / 1_000_000, language, 1)
        return <Trans>{megabytes} MB</Trans>
      },
    },
    {
      header: t`File`,
      cell: (file) => (
        <a href={`/admin/backups/${file.name}`} download>
          {file.name}
        </a>
      ),
    },
  ]
  return (
    <AdminListSection
      headingId="backups-heading"
      title={<Trans>Backups</Trans>}
      testId="backups"
      columns={columns}
      rows={backups.files}
      rowKey={(file) => file.name}
      empty={<Trans>No backup yet</Trans>}
      action={
        <button
          type="button"
          className={button({ size: 'sm' })}
          disabled={create.isPending}
          onClick={() => void act(() => create.mutateAsync(), { success: t`Backup made` })}
        >
          {create.isPending ? <Trans>Backing up…</Trans> : <Trans>Back up now</Trans>}
        </button>
      }
    >
      <p className={styles.muted}>
        <Trans>The shop backs up its database every day and keeps the newest {kept}. Download one now and then to keep a copy elsewhere.</Trans>
      </p>
    </AdminListSection>
  )
}
