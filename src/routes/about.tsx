import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContentPage, contentHead } from '../components/ui/ContentPage.tsx'
import { hydrateLater } from '../lib/hydrate-later.tsx'
import { companyNodes } from '../lib/structured-data.ts'

const title = msg`About us`
// Its accordion's code comes after the first download; the server renders it in full (lib/hydrate-later.tsx).
const content = hydrateLater(() => import('../content/about/AboutContent.tsx').then((module) => module.AboutContent))
const AboutContent = content.Component

export const Route = createFileRoute('/about')({
  loader: async () => {
    await content.preload()
  },
  head: contentHead({
    path: '/about',
    title,
    description: msg`A distributor of decorative PVC wall and ceiling panels in Torrevieja: our story, our values and the technical specifications of our panels.`,
    structuredData: (context, page) => companyNodes(context.site.company, page),
  }),
  component: AboutPage,
})

function AboutPage() {
  return <ContentPage title={title} Content={AboutContent} />
}
