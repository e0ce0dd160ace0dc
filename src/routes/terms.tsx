import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { contentPage } from '../components/ui/ContentPage.tsx'
import { TermsContent } from '../content/legal/TermsContent.tsx'

export const Route = createFileRoute('/terms')(
  contentPage({
    path: '/terms',
    title: msg`Terms of sale`,
    description: msg`Conditions of sale of our online shop: prices, payment, delivery, warranty and applicable law.`,
    Content: TermsContent,
  }),
)
