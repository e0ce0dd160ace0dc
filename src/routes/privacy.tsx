import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { contentPage } from '../components/ui/ContentPage.tsx'
import { PrivacyContent } from '../content/legal/PrivacyContent.tsx'

export const Route = createFileRoute('/privacy')(
  contentPage({
    path: '/privacy',
    title: msg`Privacy policy`,
    description: msg`How we collect, use and protect your personal data, and how to exercise your rights under the GDPR.`,
    Content: PrivacyContent,
  }),
)
