import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { toast } from '../../lib/toast.ts'
import { useTRPC } from '../../lib/trpc.ts'
import { PageHeader } from '../ui/PageHeader.tsx'
import { B2bRequestFields } from './B2bRequestForm.tsx'
import * as styles from '../../routes/-b2b.css.ts'

/** `/b2b/request`: the wholesale request form on a page of its own; sent, /b2b says it was received. */
export function B2bRequestPage() {
  const { t } = useLingui()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { data: status } = useSuspenseQuery(trpc.b2b.status.queryOptions())
  return (
    <>
      <PageHeader title={<Trans>Wholesale access request</Trans>} lead={<Trans>Tell us about your business. All fields are required.</Trans>} />
      <div className={styles.page}>
        <section className={styles.card({ tone: 'neutral' })} aria-label={t`Wholesale access request`}>
          {status.prefill ? (
            <B2bRequestFields
              prefill={status.prefill}
              onSent={async () => {
                toast.success(t`Request sent. We'll contact you soon.`)
                await queryClient.invalidateQueries({ queryKey: trpc.b2b.status.queryKey() })
                await navigate({ to: '/b2b' })
              }}
            />
          ) : null}
        </section>
      </div>
    </>
  )
}
