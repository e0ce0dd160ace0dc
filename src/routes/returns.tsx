import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, contentHead } from '../components/ui/ContentPage.tsx'
import { ReturnsContent } from '../content/legal/ReturnsContent.tsx'

const title = msg`Returns and withdrawal`

export const Route = createFileRoute('/returns')({
  head: contentHead({
    path: '/returns',
    title,
    description: msg`Return panels within 14 days: how to withdraw from your purchase, conditions and refunds.`,
  }),
  component: ReturnsPage,
})

function ReturnsPage() {
  return <ContentPage title={title} Content={ReturnsContent} />
}
