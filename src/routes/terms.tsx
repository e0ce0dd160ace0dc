import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, contentHead } from '../components/ui/ContentPage.tsx'
import { TermsContent } from '../content/legal/TermsContent.tsx'
import { loadDeliverySummary } from '../lib/delivery.ts'

const title = msg`Terms of sale`

export const Route = createFileRoute('/terms')({
  // Its delivery section says what the owner's rates are.
  loader: ({ context }) => loadDeliverySummary(context),
  head: contentHead({
    path: '/terms',
    title,
    description: msg`Conditions of sale of our online shop: prices, payment, delivery, warranty and applicable law.`,
  }),
  component: TermsPage,
})

function TermsPage() {
  return <ContentPage title={title} Content={TermsContent} />
}
