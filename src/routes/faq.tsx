import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { contentPage } from '../components/ui/ContentPage.tsx'
import { FaqContent } from '../content/legal/FaqContent.tsx'

export const Route = createFileRoute('/faq')(
  contentPage({
    path: '/faq',
    title: msg`Frequently asked questions`,
    description: msg`Answers about panel sizes, installation, cleaning, delivery, payment and wholesale accounts.`,
    Content: FaqContent,
  }),
)
