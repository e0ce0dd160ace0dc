import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, contentHead } from '../components/ui/ContentPage.tsx'
import { AboutContent } from '../content/about/AboutContent.tsx'

const title = msg`About us`

export const Route = createFileRoute('/about')({
  head: contentHead({
    path: '/about',
    title,
    description: msg`A distributor of decorative PVC wall and ceiling panels in Torrevieja: our story, our values and the technical specifications of our panels.`,
  }),
  component: AboutPage,
})

function AboutPage() {
  return <ContentPage title={title} Content={AboutContent} />
}
