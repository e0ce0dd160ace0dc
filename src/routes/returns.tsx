import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { contentPage } from '../components/ui/ContentPage.tsx'
import { ReturnsContent } from '../content/legal/ReturnsContent.tsx'

export const Route = createFileRoute('/returns')(
  contentPage({
    path: '/returns',
    title: msg`Returns and withdrawal`,
    description: msg`Return panels within 14 days: how to withdraw from your purchase, conditions and refunds.`,
    Content: ReturnsContent,
  }),
)
