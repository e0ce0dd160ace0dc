import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { toast } from '../lib/toast.ts'
import { button } from '../components/ui/button.css.ts'
import { useLanguage } from '../i18n/useLanguage.ts'
import { formatEuros } from '../../core/money.ts'
import { orNotFound } from '../lib/not-found.ts'
import { useTRPC } from '../lib/trpc.ts'
import { useCompany } from '../lib/company.ts'
import { NotFoundPage } from './__root.tsx'
import * as styles from './-test-payment.css.ts'

/** The built-in test provider's hosted payment page: the embedded stand-in for Stripe Checkout. */
export const Route = createFileRoute('/test-payment/$sessionId')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    orNotFound(queryClient.ensureQueryData(trpc.testPayments.session.queryOptions({ sessionId: params.sessionId }))),
  head: ({ match }) => ({ meta: [{ title: match.context.i18n._(msg`Test payment`) }, { name: 'robots', content: 'noindex' }] }),
  component: TestPaymentPage,
  notFoundComponent: NotFoundPage,
})

function TestPaymentPage() {
  const { sessionId } = Route.useParams()
  const { t } = useLingui()
  const trpc = useTRPC()
  const language = useLanguage()
  const company = useCompany()
  const { data: session } = useSuspenseQuery(trpc.testPayments.session.queryOptions({ sessionId }))
  const pay = useMutation(
    trpc.testPayments.pay.mutationOptions({
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
      onError: () => toast.error(t`The payment could not be completed`),
    }),
  )
  const amount = formatEuros(session.amountCents, language)
  const number = session.orderNumber
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <p className={styles.badge} role="note">
          <Trans>Test mode: no real payment is made</Trans>
        </p>
        <h1 className={styles.title}>
          <Trans>Card payment</Trans>
        </h1>
        <p className={styles.merchant}>{company.name}</p>
        <dl className={styles.details}>
          <div>
            <dt>
              <Trans>Order</Trans>
            </dt>
            <dd>{number}</dd>
          </div>
          <div>
            <dt>
              <Trans>Amount</Trans>
            </dt>
            <dd className={styles.amount}>{amount}</dd>
          </div>
        </dl>
        {session.status === 'open' ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={button({ tone: 'accent', size: 'lg' })}
              disabled={pay.isPending || pay.isSuccess}
              onClick={() => pay.mutate({ sessionId })}
            >
              {pay.isPending || pay.isSuccess ? <Trans>Processing...</Trans> : <Trans>Pay {amount}</Trans>}
            </button>
            <a href={session.cancelUrl} className={button({ tone: 'ghost' })}>
              <Trans>Cancel and return to the shop</Trans>
            </a>
          </div>
        ) : (
          <p className={styles.closed}>
            <Trans>This payment session is closed.</Trans>
          </p>
        )}
        <p className={styles.note}>
          <Trans>This page stands in for the card payment provider while the shop runs without Stripe keys.</Trans>
        </p>
      </div>
    </div>
  )
}
