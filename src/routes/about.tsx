import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { contentPage } from '../components/ui/ContentPage.tsx'
import { AboutContent } from '../content/about/AboutContent.tsx'

export const Route = createFileRoute('/about')(
  contentPage({
    path: '/about',
    title: msg`About us`,
    description: msg`A distributor of decorative PVC wall and ceiling panels in Torrevieja: our story, our values and the technical specifications of our panels.`,
    Content: AboutContent,
  }),
)
