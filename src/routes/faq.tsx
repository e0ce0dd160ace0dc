import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, contentHead } from '../components/ui/ContentPage.tsx'
import { FaqContent } from '../content/legal/FaqContent.tsx'

const title = msg`Frequently asked questions`

export const Route = createFileRoute('/faq')({
  head: contentHead({
    path: '/faq',
    title,
    description: msg`Answers about panel sizes, installation, cleaning, delivery, payment and wholesale accounts.`,
  }),
  component: FaqPage,
})

function FaqPage() {
  return <ContentPage title={title} Content={FaqContent} />
}
