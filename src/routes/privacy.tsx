import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, contentHead } from '../components/ui/ContentPage.tsx'
import { PrivacyContent } from '../content/legal/PrivacyContent.tsx'

const title = msg`Privacy policy`

export const Route = createFileRoute('/privacy')({
  head: contentHead({
    path: '/privacy',
    title,
    description: msg`How we collect, use and protect your personal data, and how to exercise your rights under the GDPR.`,
  }),
  component: PrivacyPage,
})

function PrivacyPage() {
  return <ContentPage title={title} Content={PrivacyContent} />
}
